//! Slice files: one file per slice, `<dir>/<variant id>/<material>.egdb`.
//!
//! Layout (integers little-endian):
//! * header: magic `DRGTEGDB`, format version (u32), the variant id (16 bytes, zero-padded), the
//!   material (4 bytes: own men, own kings, other men, other kings), flags (u32; bit 0: distances
//!   follow), positions, wins, draws, losses, positions not stored, build time in milliseconds
//!   (u64 each), and an FNV-1a 64 checksum of everything else in the file (u64);
//! * the results, 2 bits a position, four to a byte, lowest bits first: 0 not stored (the side
//!   to move must capture, or no such position), 1 win, 2 draw, 3 loss for the side to move;
//! * with distances: one byte a position, the half-moves to the end of the game (0 for draws
//!   and positions not stored).

use super::Material;
use draughts_rules::Variant;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"DRGTEGDB";
const VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 16 + 4 + 4 + 8 * 7;

/// What went wrong reading or writing a slice file.
#[derive(Debug)]
pub enum StoreError {
    /// The file could not be read or written.
    Io(PathBuf, std::io::Error),
    /// The file is not a slice file of this format, or is damaged: what is wrong.
    Damaged(PathBuf, String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            StoreError::Damaged(p, why) => write!(f, "{}: {why}", p.display()),
        }
    }
}

impl std::error::Error for StoreError {}

/// One solved slice, as held in memory and on disk.
#[derive(Clone)]
pub struct SliceFile {
    /// The variant.
    pub variant: Variant,
    /// The material.
    pub material: Material,
    /// Positions (indices) of the slice, impossible ones included.
    pub positions: u64,
    /// Positions won, drawn and lost for the side to move, and those not stored.
    pub wins: u64,
    /// See `wins`.
    pub draws: u64,
    /// See `wins`.
    pub losses: u64,
    /// See `wins`.
    pub not_stored: u64,
    /// Time the build of the slice (with its mirror slice) took, in milliseconds.
    pub build_ms: u64,
    /// Results, 2 bits a position (codes as in the module documentation).
    pub(crate) codes: Vec<u8>,
    /// Half-moves to the end of the game, a byte a position, when kept.
    pub(crate) plies: Option<Vec<u8>>,
}

/// The figures of the slice, without its results.
impl fmt::Debug for SliceFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: {} positions, {} wins, {} draws, {} losses, {} not stored, {} bytes{}",
            self.variant,
            self.material,
            self.positions,
            self.wins,
            self.draws,
            self.losses,
            self.not_stored,
            self.file_bytes(),
            if self.has_distances() {
                ", with distances"
            } else {
                ""
            }
        )
    }
}

/// The 2-bit codes of the results.
pub(crate) const NOT_STORED: u8 = 0;
pub(crate) const WIN: u8 = 1;
pub(crate) const DRAW: u8 = 2;
pub(crate) const LOSS: u8 = 3;

impl SliceFile {
    /// The 2-bit code of position `i`.
    #[inline(always)]
    pub(crate) fn code(&self, i: u64) -> u8 {
        (self.codes[(i / 4) as usize] >> ((i % 4) * 2)) & 3
    }

    /// The half-moves to the end of position `i`, when kept.
    #[inline(always)]
    pub(crate) fn plies_at(&self, i: u64) -> Option<u8> {
        self.plies.as_ref().map(|d| d[i as usize])
    }

    /// True when the slice keeps distances.
    pub fn has_distances(&self) -> bool {
        self.plies.is_some()
    }

    /// The size of the file in bytes.
    pub fn file_bytes(&self) -> u64 {
        (HEADER + self.codes.len() + self.plies.as_ref().map_or(0, |d| d.len())) as u64
    }

    /// The file of this slice under `dir`.
    pub fn path(dir: &Path, variant: Variant, m: Material) -> PathBuf {
        dir.join(variant.id()).join(format!("{m}.egdb"))
    }

    fn bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(self.file_bytes() as usize);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        let mut id = [0u8; 16];
        id[..self.variant.id().len()].copy_from_slice(self.variant.id().as_bytes());
        b.extend_from_slice(&id);
        let m = self.material;
        b.extend_from_slice(&[m.own_men, m.own_kings, m.other_men, m.other_kings]);
        b.extend_from_slice(&(self.plies.is_some() as u32).to_le_bytes());
        for v in [
            self.positions,
            self.wins,
            self.draws,
            self.losses,
            self.not_stored,
            self.build_ms,
        ] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        let sum_at = b.len();
        b.extend_from_slice(&0u64.to_le_bytes());
        b.extend_from_slice(&self.codes);
        if let Some(d) = &self.plies {
            b.extend_from_slice(d);
        }
        let sum = checksum(&b[..sum_at], &b[sum_at + 8..]);
        b[sum_at..sum_at + 8].copy_from_slice(&sum.to_le_bytes());
        b
    }

    /// Writes the slice under `dir` (creating folders), through a temporary file renamed into
    /// place so that an interrupted build never leaves a half-written slice.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, StoreError> {
        let path = SliceFile::path(dir, self.variant, self.material);
        let io = |e| StoreError::Io(path.clone(), e);
        std::fs::create_dir_all(path.parent().expect("a slice path has a folder")).map_err(io)?;
        let tmp = path.with_extension("egdb.part");
        let mut f = std::fs::File::create(&tmp).map_err(io)?;
        f.write_all(&self.bytes()).map_err(io)?;
        f.sync_all().map_err(io)?;
        std::fs::rename(&tmp, &path).map_err(io)?;
        Ok(path)
    }

    /// Reads and checks a slice file.
    pub fn read(path: &Path) -> Result<SliceFile, StoreError> {
        let b = std::fs::read(path).map_err(|e| StoreError::Io(path.to_path_buf(), e))?;
        SliceFile::parse(&b).map_err(|why| StoreError::Damaged(path.to_path_buf(), why))
    }

    fn parse(b: &[u8]) -> Result<SliceFile, String> {
        if b.len() < HEADER || &b[..8] != MAGIC {
            return Err("not an endgame database slice".into());
        }
        let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().expect("4 bytes"));
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
        if u32_at(8) != VERSION {
            return Err(format!(
                "format version {} (this program reads {VERSION})",
                u32_at(8)
            ));
        }
        let id = std::str::from_utf8(&b[12..28])
            .map_err(|_| "bad variant id")?
            .trim_end_matches('\0');
        let variant: Variant = id.parse().map_err(|e| format!("{e}"))?;
        let material = Material {
            own_men: b[28],
            own_kings: b[29],
            other_men: b[30],
            other_kings: b[31],
        };
        let with_plies = u32_at(32) & 1 != 0;
        let f: Vec<u64> = (0..6).map(|i| u64_at(36 + 8 * i)).collect();
        let sum_at = 36 + 8 * 6;
        let positions = f[0];
        let code_bytes = positions.div_ceil(4) as usize;
        let want = HEADER + code_bytes + if with_plies { positions as usize } else { 0 };
        if b.len() != want {
            return Err(format!("{} bytes, expected {want}", b.len()));
        }
        if checksum(&b[..sum_at], &b[sum_at + 8..]) != u64_at(sum_at) {
            return Err("checksum mismatch".into());
        }
        let codes = b[HEADER..HEADER + code_bytes].to_vec();
        let plies = with_plies.then(|| b[HEADER + code_bytes..].to_vec());
        Ok(SliceFile {
            variant,
            material,
            positions,
            wins: f[1],
            draws: f[2],
            losses: f[3],
            not_stored: f[4],
            build_ms: f[5],
            codes,
            plies,
        })
    }
}

/// FNV-1a 64 over two byte runs.
fn checksum(a: &[u8], b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in a.iter().chain(b) {
        h ^= x as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Every slice file of `variant` under `dir`, read and checked (none when the folder is
/// missing). Unfinished `.part` files are ignored.
pub fn read_all(dir: &Path, variant: Variant) -> Result<Vec<SliceFile>, StoreError> {
    let folder = dir.join(variant.id());
    let entries = match std::fs::read_dir(&folder) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(StoreError::Io(folder, e)),
    };
    let mut out = Vec::new();
    for e in entries {
        let path = e.map_err(|e| StoreError::Io(folder.clone(), e))?.path();
        if path.extension().is_some_and(|x| x == "egdb") {
            let s = SliceFile::read(&path)?;
            if s.variant != variant
                || path
                    .file_stem()
                    .and_then(|n| n.to_str())
                    .and_then(Material::parse)
                    != Some(s.material)
            {
                return Err(StoreError::Damaged(
                    path,
                    "file name and header disagree".into(),
                ));
            }
            out.push(s);
        }
    }
    Ok(out)
}
