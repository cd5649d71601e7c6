//! Reading PDN from a byte stream game by game ([`Reader`]), so that what is held in memory is
//! one game's text (the longest record), not the whole file.
//!
//! The stream is cut only where reading the pieces apart gives exactly what [`super::parse`]
//! gives for the whole text: before a line that starts with a well-formed tag, when the text
//! before it ended its last record cleanly (a tag there starts a new record: the record before
//! had move text, or was already closed by its terminator) and left no comment or variation
//! open. Anywhere else the text is kept and read together with what follows, so odd files cost
//! memory, never a different reading. Lines end at LF, CRLF or a lone CR, as the parser counts
//! them; a file with no line breaks at all is therefore held whole.
//!
//! Encoding is judged per piece (usually one game): UTF-8 when the piece is valid UTF-8, else
//! Latin-1, as [`super::decode`] judges a whole file. A UTF-8 byte-order mark at the start is
//! removed; UTF-16 and NUL bytes are errors ([`ReadError`]).

use super::{decode_piece, parse_part, tag_line, Encoding, PdnGame, PdnWarning};
use std::fmt;
use std::io::{self, BufRead};

/// The games that begin in a stretch of the input and the warnings about its text, as
/// [`super::parse`] would report them for the whole input (game numbers and lines count from
/// the start of the input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// Games in input order (usually one).
    pub games: Vec<PdnGame>,
    /// What was skipped or repaired in this stretch, in input order.
    pub warnings: Vec<PdnWarning>,
    /// How this stretch was decoded.
    pub encoding: Encoding,
}

/// Why a [`Reader`] stopped: the input could not be read, or it is not a text we read.
#[derive(Debug)]
pub enum ReadError {
    /// Reading failed.
    Io(io::Error),
    /// UTF-16 text: `bom` when it starts with a UTF-16 byte-order mark, else every other byte of
    /// its first line is NUL.
    Utf16 {
        /// True when the text starts with a UTF-16 byte-order mark.
        bom: bool,
    },
    /// A NUL byte, which no PDN text holds: 1-based line and 0-based byte offset of the first.
    Nul {
        /// 1-based line of the first NUL byte.
        line: usize,
        /// 0-based byte offset of the first NUL byte in the file.
        byte: u64,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::Utf16 { bom: true } => {
                write!(f, "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8 or Latin-1")
            }
            ReadError::Utf16 { bom: false } => {
                write!(f, "the file is UTF-16 (every other byte of its first line is NUL); save it as UTF-8 or Latin-1")
            }
            ReadError::Nul { line, byte } => {
                write!(f, "the file contains NUL bytes (the first on line {line}, byte {byte}): binary?")
            }
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// PDN games from a [`BufRead`], a [`Chunk`] at a time; see the module documentation.
///
/// ```
/// use draughts_rules::notation::pdn::Reader;
///
/// let text = "[Event \"a\"]\n1. 32-28 *\n[Event \"b\"]\n1. 33-28 19-23 *\n";
/// let chunks: Vec<_> = Reader::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(chunks.len(), 2);
/// assert_eq!((chunks[1].games[0].number, chunks[1].games[0].line), (2, 3));
/// ```
pub struct Reader<R> {
    input: R,
    /// Raw lines not yet handed out; they start at line `pending_line`.
    pending: Vec<u8>,
    pending_line: usize,
    /// Line number of the next line read.
    next_line: usize,
    /// Games handed out so far.
    games: usize,
    /// Bytes consumed from the input.
    bytes: u64,
    /// True when `pending` holds a line that is not only tags and spaces: before that, no
    /// record in it can have move text, so cutting is not even tried.
    untagged_line: bool,
    /// After a cut was refused at this many pending bytes, the next try waits until the
    /// pending text has doubled: a file that never allows a cut is read in linear time.
    retry_at: usize,
    done: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader of the PDN text in `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            pending: Vec::new(),
            pending_line: 1,
            next_line: 1,
            games: 0,
            bytes: 0,
            untagged_line: false,
            retry_at: 0,
            done: false,
        }
    }

    /// Bytes read from the input so far (for progress reports).
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Appends the next line (with its line end) to `pending`; false at the end of the input.
    fn read_line(&mut self) -> io::Result<bool> {
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(any);
            }
            any = true;
            match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) => {
                    let cr = buf[i] == b'\r';
                    self.pending.extend_from_slice(&buf[..=i]);
                    self.input.consume(i + 1);
                    self.bytes += i as u64 + 1;
                    if cr && self.input.fill_buf()?.first() == Some(&b'\n') {
                        // CRLF is one line end, as the parser counts lines.
                        self.pending.push(b'\n');
                        self.input.consume(1);
                        self.bytes += 1;
                    }
                    return Ok(true);
                }
                None => {
                    let n = buf.len();
                    self.pending.extend_from_slice(buf);
                    self.input.consume(n);
                    self.bytes += n as u64;
                }
            }
        }
    }

    /// Reads `pending[..end]` as one stretch; `Some` when it may be handed out alone.
    fn try_cut(&mut self, end: usize, at_end: bool) -> Option<Chunk> {
        let (text, encoding) = decode_piece(&self.pending[..end]);
        let (file, clean) = parse_part(&text, self.pending_line, self.games + 1);
        if !clean && !at_end {
            return None;
        }
        self.games += file.games.len();
        self.pending.drain(..end);
        Some(Chunk { games: file.games, warnings: file.warnings, encoding })
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Chunk, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let line_start = self.pending.len();
            let line_no = self.next_line;
            match self.read_line() {
                Err(e) => {
                    self.done = true;
                    return Some(Err(e.into()));
                }
                Ok(false) => {
                    self.done = true;
                    if self.pending.iter().all(u8::is_ascii_whitespace) {
                        return None;
                    }
                    let end = self.pending.len();
                    return self.try_cut(end, true).map(Ok);
                }
                Ok(true) => self.next_line += 1,
            }
            if line_no == 1 {
                // The start of the input: UTF-16 is refused, a UTF-8 byte-order mark removed.
                if self.pending.starts_with(&[0xFF, 0xFE]) || self.pending.starts_with(&[0xFE, 0xFF]) {
                    self.done = true;
                    return Some(Err(ReadError::Utf16 { bom: true }));
                }
                if self.pending.starts_with(b"\xEF\xBB\xBF") {
                    self.pending.drain(..3);
                }
            }
            let line = &self.pending[line_start..];
            if let Some(i) = line.iter().position(|&b| b == 0) {
                self.done = true;
                let byte = self.bytes - (line.len() - i) as u64;
                return Some(Err(if line_no == 1 && looks_utf16(line) {
                    ReadError::Utf16 { bom: false }
                } else {
                    ReadError::Nul { line: line_no, byte }
                }));
            }
            let first = line.iter().find(|&&b| b != b' ' && b != b'\t');
            match first {
                None | Some(b'\n' | b'\r') => continue,
                Some(b'[') => {}
                Some(_) => {
                    self.untagged_line = true;
                    continue;
                }
            }
            let (starts, only_tags) = tag_line(&decode_piece(line).0);
            if starts && self.untagged_line && line_start > 0 && line_start >= self.retry_at {
                if let Some(chunk) = self.try_cut(line_start, false) {
                    self.pending_line = line_no;
                    self.untagged_line = !only_tags;
                    self.retry_at = 0;
                    return Some(Ok(chunk));
                }
                self.retry_at = line_start * 2;
            }
            if !only_tags {
                self.untagged_line = true;
            }
        }
    }
}

/// True when the NUL bytes of a line fall on one parity and make up a third or more of it, as
/// ASCII text written in UTF-16 does.
fn looks_utf16(line: &[u8]) -> bool {
    let head = &line[..line.len().min(256)];
    let even = head.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd = head.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
    3 * (even + odd) >= head.len() && (even == 0 || odd == 0)
}
