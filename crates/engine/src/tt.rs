//! The transposition table: search results keyed by the rules crate's Zobrist hash
//! ([`draughts_rules::Position::hash`]).
//!
//! Buckets of four 16-byte entries (one cache line). A new result replaces the entry of the same
//! position, else the least valuable one (shallowest, from an older search).
//!
//! The best move is stored as its index in the position's generated move list: generation is
//! deterministic, so the index names the same move whenever the same position comes back, and an
//! index out of range (a hash collision) is simply ignored.

/// The score is exact.
pub const EXACT: u8 = 0;
/// The score is a lower bound (the search failed high).
pub const LOWER: u8 = 1;
/// The score is an upper bound (the search failed low).
pub const UPPER: u8 = 2;

/// No move stored.
pub const NO_MOVE: u8 = u8::MAX;

/// One stored result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct Entry {
    /// The position's full Zobrist hash; 0 marks an empty slot.
    pub key: u64,
    /// Search score for the side to move, centi-men; mate scores counted from this position
    /// rather than the root. Clamped to `i16`.
    pub score: i16,
    /// Static evaluation for the side to move, centi-men (clamped to `i16`); the search stores 0
    /// here at present and never reads it.
    pub eval: i16,
    /// Depth in plies (may be negative for quiescence results; never stored below -1).
    pub depth: i8,
    /// What `score` is: [`EXACT`], [`LOWER`] or [`UPPER`].
    pub bound: u8,
    /// Index of the best move in the generated list, or [`NO_MOVE`].
    pub mv: u8,
    /// The table's search counter when stored: entries of older searches are replaced first.
    pub generation: u8,
}

const BUCKET: usize = 4;

/// Asks the processor to start loading the cache line at `at` (a read follows soon). A hint
/// only: it never faults, so any address will do (callers pass one computed without a bounds
/// check); elsewhere than on x86-64 it does nothing.
#[inline(always)]
pub(crate) fn prefetch<T>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault, whatever the address.
    unsafe {
        core::arch::x86_64::_mm_prefetch(at as *const i8, core::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// The table's memory: zeroed entries (a zeroed entry is [`Entry::default`], an empty slot).
/// On Linux it is an anonymous mapping, zeroed by the system page by page as the search first
/// touches it (a short search on a big table pays only for what it uses), with the advice to
/// back it by transparent huge pages: every probe is a random access, and with 4 KiB pages most
/// of them would also miss the TLB. Elsewhere it is an ordinary zeroed allocation.
struct Buffer {
    ptr: std::ptr::NonNull<Entry>,
    len: usize,
    /// True when `ptr` came from `mmap` (else from the global allocator).
    mapped: bool,
}

// SAFETY: the buffer owns its memory like a Vec<Entry> does.
unsafe impl Send for Buffer {}
unsafe impl Sync for Buffer {}

impl Buffer {
    fn layout(len: usize) -> std::alloc::Layout {
        std::alloc::Layout::from_size_align(len * std::mem::size_of::<Entry>(), 64).expect("table size fits the address space")
    }

    fn zeroed(len: usize) -> Buffer {
        #[cfg(target_os = "linux")]
        {
            let bytes = len * std::mem::size_of::<Entry>();
            // SAFETY: a fresh private anonymous mapping of `bytes` (non-zero: len >= BUCKET),
            // zero-filled by the system; the advice only changes how it is backed.
            unsafe {
                let p = libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                );
                if p != libc::MAP_FAILED {
                    libc::madvise(p, bytes, libc::MADV_HUGEPAGE);
                    return Buffer { ptr: std::ptr::NonNull::new_unchecked(p as *mut Entry), len, mapped: true };
                }
            }
        }
        let layout = Self::layout(len);
        // SAFETY: the layout has a non-zero size.
        let p = unsafe { std::alloc::alloc_zeroed(layout) };
        match std::ptr::NonNull::new(p as *mut Entry) {
            Some(ptr) => Buffer { ptr, len, mapped: false },
            None => std::alloc::handle_alloc_error(layout),
        }
    }
}

impl std::ops::Deref for Buffer {
    type Target = [Entry];
    fn deref(&self) -> &[Entry] {
        // SAFETY: `len` initialised entries (all-zero bytes are a valid Entry).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for Buffer {
    fn deref_mut(&mut self) -> &mut [Entry] {
        // SAFETY: as above, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed`, by mmap with this length or with this layout.
        unsafe {
            #[cfg(target_os = "linux")]
            if self.mapped {
                libc::munmap(self.ptr.as_ptr() as *mut libc::c_void, self.len * std::mem::size_of::<Entry>());
                return;
            }
            let _ = self.mapped;
            std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, Self::layout(self.len))
        }
    }
}

/// A fixed-size transposition table.
pub struct TranspositionTable {
    entries: Buffer,
    mask: usize,
    generation: u8,
    /// False until the first store: clearing a fresh table touches no memory.
    used: bool,
}

impl TranspositionTable {
    /// A table of about `mb` mebibytes (rounded down to a power of two buckets; at least one).
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.max(1) * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Entry>())).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        TranspositionTable { entries: Buffer::zeroed(buckets * BUCKET), mask: buckets - 1, generation: 0, used: false }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        if self.used {
            self.entries.iter_mut().for_each(|e| *e = Entry::default());
            self.used = false;
        }
        self.generation = 0;
    }

    /// Makes the system back every page of the table now. Fresh memory is zeroed by the system
    /// on first use, which on this project's virtual machines costs a few milliseconds per MiB
    /// (0.15-0.3 s for 64 MiB, 3.6 s for 1 GiB); a table used for timed searches should pay that
    /// before the clock starts, not during its first search. Entries are left as they are.
    pub fn prefault(&mut self) {
        let per_page = (4096 / std::mem::size_of::<Entry>()).max(1);
        for e in self.entries.iter_mut().step_by(per_page) {
            // A volatile read and write of the same byte: the write faults the page in; the
            // compiler may not drop either.
            // SAFETY: `e` is a valid, exclusive reference.
            unsafe {
                let g = std::ptr::read_volatile(&e.generation);
                std::ptr::write_volatile(&mut e.generation, g);
            }
        }
    }

    /// Starts a new search: older entries become cheaper to replace.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize & self.mask) * BUCKET
    }

    /// Asks the processor to start loading the bucket of `key` (a probe follows soon).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.entries.as_ptr().wrapping_add(self.bucket(key)));
    }

    /// The entry of a position, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + BUCKET].iter().find(|e| e.key == key && e.bound != u8::MAX && key != 0).copied()
    }

    /// Stores a result.
    #[inline]
    pub fn store(&mut self, key: u64, score: i32, eval: i32, depth: i32, bound: u8, mv: u8) {
        let b = self.bucket(key);
        self.used = true;
        let gen = self.generation;
        let bucket = &mut self.entries[b..b + BUCKET];
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in bucket.iter().enumerate() {
            if e.key == key {
                victim = i;
                break;
            }
            let age = gen.wrapping_sub(e.generation) as i32;
            let value = if e.key == 0 { i32::MIN } else { e.depth as i32 - 8 * age };
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let e = &mut bucket[victim];
        // Keep the old move when the new result has none.
        let mv = if mv == NO_MOVE && e.key == key { e.mv } else { mv };
        *e = Entry {
            key,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound,
            mv,
            generation: gen,
        };
    }

    /// Per mille of the table used by the current search (from a sample, like UCI's hashfull).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        self.entries[..n].iter().filter(|e| e.key != 0 && e.generation == self.generation).count() as u32 * 1000
            / n.max(1) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_replaces() {
        let mut t = TranspositionTable::new(1);
        t.store(0x1234_5678_9abc_def0, 42, 7, 5, EXACT, 3);
        let e = t.probe(0x1234_5678_9abc_def0).unwrap();
        assert_eq!((e.score, e.eval, e.depth, e.bound, e.mv), (42, 7, 5, EXACT, 3));
        assert!(t.probe(0x1234_5678_9abc_def1).is_none());
        t.store(0x1234_5678_9abc_def0, -9, 7, 6, LOWER, NO_MOVE);
        let e = t.probe(0x1234_5678_9abc_def0).unwrap();
        assert_eq!((e.score, e.mv), (-9, 3), "the move survives a result without one");
        t.clear();
        assert!(t.probe(0x1234_5678_9abc_def0).is_none());
    }

    #[test]
    fn prefault_keeps_the_entries() {
        let mut t = TranspositionTable::new(2);
        t.store(0x0123_4567_89ab_cdef, -5, 0, 7, LOWER, 2);
        t.prefault();
        let e = t.probe(0x0123_4567_89ab_cdef).unwrap();
        assert_eq!((e.score, e.depth, e.bound, e.mv), (-5, 7, LOWER, 2));
        assert!(t.probe(0x0123_4567_89ab_cdee).is_none());
    }
}
