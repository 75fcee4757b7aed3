//! Validation on several threads: games are independent, so the calling thread reads the PGN
//! stream into batches of games and the others replay them; when they are all busy (the queue is
//! full) the calling thread replays a batch itself rather than wait. The verdicts are delivered in
//! the file's order, exactly as [`super::validate_pgn`] delivers them.

use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::thread;

use super::{GameText, ReplayOptions, Report, replay_indexed, validate_pgn};
use crate::pgn::{GameEnd, GameStart, PgnError, PgnReader, Visitor};

/// One game as the reading thread hands it over.
pub(super) enum Item {
    /// A game read: its index in the file, its moves and tags, the reader's warnings.
    Game(u64, GameText, Vec<String>),
    /// A game the reader could not read, with its index.
    Error(u64, PgnError),
}

/// What a replaying thread hands back: a verdict, or a reading error passed through.
type Verdict = Result<Report, (u64, PgnError)>;

/// A batch replayed: its number, its verdicts, and its games' buffers for the reading thread to
/// fill again. Every buffer is allocated, refilled and freed on the reading thread: buffers
/// allocated on one thread and freed on another made the two contend for the allocator's locks
/// (a futex call per few games, about 30 % more CPU in all).
type Replayed = (u64, Vec<Verdict>, Vec<GameText>);

/// Buffers of games longer than this are not kept for reuse, so that a few very long games do
/// not keep their memory for the rest of the file.
const REUSE_BYTES: usize = 1 << 16;

/// Games per batch: enough that the channels cost little beside the replay.
const BATCH_GAMES: usize = 64;

/// Move text per batch, in bytes: a batch of very long games goes out sooner, so that what is held
/// in memory stays bounded by a few batches whatever the games' lengths.
const BATCH_BYTES: usize = 1 << 20;

/// Collects a game's tags and move tokens without replaying it (the collecting part of
/// [`super::Validator`]).
#[derive(Debug, Default)]
pub(super) struct Collector {
    pub(super) game: GameText,
    pub(super) index: u64,
    pub(super) warnings: Vec<String>,
    /// Buffers of replayed games, to be cleared and refilled with the next games.
    spare: Vec<GameText>,
}

impl Collector {
    /// Takes back the buffers of replayed games, keeping those of ordinary length.
    fn reuse(&mut self, games: Vec<GameText>) {
        self.spare.extend(
            games
                .into_iter()
                .filter(|g| g.text.capacity() <= REUSE_BYTES),
        );
    }
}

impl Visitor for Collector {
    type Output = Item;

    fn begin_game(&mut self, start: GameStart) {
        self.game.clear();
        self.warnings.clear();
        self.index = start.index;
    }

    fn warning(&mut self, warning: PgnError) {
        self.warnings.push(warning.to_string());
    }

    fn tag(&mut self, name: &str, value: &str, _line: u64) {
        self.game.tag(name, value);
    }

    fn move_token(&mut self, token: &str, line: u64) {
        self.game.push_move(token, line);
    }

    fn end_game(&mut self, _end: GameEnd) -> Item {
        let next = self.spare.pop().unwrap_or_default();
        Item::Game(
            self.index,
            std::mem::replace(&mut self.game, next),
            std::mem::take(&mut self.warnings),
        )
    }
}

/// The verdicts of batches that came back, delivered in the batches' order.
struct InOrder<F> {
    each: F,
    waiting: BTreeMap<u64, Vec<Verdict>>,
    next: u64,
}

impl<F: FnMut(Verdict)> InOrder<F> {
    fn put(&mut self, seq: u64, verdicts: Vec<Verdict>) {
        self.waiting.insert(seq, verdicts);
        while let Some(verdicts) = self.waiting.remove(&self.next) {
            verdicts.into_iter().for_each(&mut self.each);
            self.next += 1;
        }
    }
}

/// Replays batches until the reading thread is done.
fn replay_batches(
    work: &Mutex<Receiver<(u64, Vec<Item>)>>,
    done: &mpsc::Sender<Replayed>,
    options: ReplayOptions,
) {
    loop {
        let next = match work.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((seq, batch)) = next else { return };
        let (verdicts, games) = replay_batch(batch, options);
        if done.send((seq, verdicts, games)).is_err() {
            return;
        }
    }
}

/// The verdicts of a batch, in its order, and its games' buffers.
fn replay_batch(batch: Vec<Item>, options: ReplayOptions) -> (Vec<Verdict>, Vec<GameText>) {
    let mut games = Vec::with_capacity(batch.len());
    let verdicts = batch
        .into_iter()
        .map(|item| match item {
            Item::Game(index, game, warnings) => {
                let mut report = replay_indexed(index, &game, options);
                report.warnings = warnings;
                games.push(game);
                Ok(report)
            }
            Item::Error(index, e) => Err((index, e)),
        })
        .collect();
    (verdicts, games)
}

/// [`validate_pgn`] on `threads` threads in all: the calling thread reads the stream, `threads - 1`
/// others replay the games, and the calling thread replays a batch too whenever they are all busy;
/// `each` is called on the calling thread, in the file's order, with the same verdicts
/// [`validate_pgn`] gives. `threads` of 0 or 1 is [`validate_pgn`] itself.
///
/// Memory stays bounded whatever the file's size: at most `4 × threads` batches of at most 64 games
/// or 1 MiB of move text (one longer game makes a batch of its own) are read ahead of the
/// verdicts; the emptied buffers of replayed games kept for the next ones are no more than were
/// ever in flight, each of at most 64 KiB.
///
/// # Errors
/// An I/O error reading the stream stops the run (`PgnError::Io`), after the verdicts of the games
/// before it have been delivered.
pub fn validate_pgn_parallel<R: BufRead>(
    input: R,
    options: ReplayOptions,
    threads: usize,
    each: impl FnMut(Verdict),
) -> Result<u64, PgnError> {
    if threads <= 1 {
        return validate_pgn(input, options, each);
    }
    let workers = threads - 1;
    let (work_tx, work_rx) = mpsc::sync_channel::<(u64, Vec<Item>)>(4 * workers);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<Replayed>();
    let mut out = InOrder {
        each,
        waiting: BTreeMap::new(),
        next: 0,
    };
    thread::scope(|s| {
        for _ in 0..workers {
            let (work, done) = (&work_rx, done_tx.clone());
            s.spawn(move || replay_batches(work, &done, options));
        }
        drop(done_tx);
        let mut collector = Collector::default();
        let read = read_batches(input, options, &work_tx, &done_rx, &mut out, &mut collector);
        drop(work_tx);
        for (seq, verdicts, games) in done_rx {
            out.put(seq, verdicts);
            // Freed here, on the thread that allocated them.
            drop(games);
        }
        read
    })
}

/// The reading thread's loop: reads games into batches and sends them (or replays one itself when
/// the queue is full), delivering the verdicts that have come back between batches. Returns the
/// number of games read, or the I/O error.
fn read_batches<R: BufRead, F: FnMut(Verdict)>(
    input: R,
    options: ReplayOptions,
    work: &SyncSender<(u64, Vec<Item>)>,
    done: &Receiver<Replayed>,
    out: &mut InOrder<F>,
    collector: &mut Collector,
) -> Result<u64, PgnError> {
    let mut reader = PgnReader::new(input);
    let mut batch = Vec::with_capacity(BATCH_GAMES);
    let mut bytes = 0;
    let mut sent = 0;
    let mut count = 0;
    let mut failure = None;
    loop {
        let item = match reader.read_game(collector) {
            None => None,
            Some(Ok(item)) => Some(item),
            Some(Err(e @ PgnError::Io { .. })) => {
                failure = Some(e);
                None
            }
            Some(Err(e)) => Some(Item::Error(reader.games_read(), e)),
        };
        let last = item.is_none();
        if let Some(item) = item {
            count += 1;
            if let Item::Game(_, game, _) = &item {
                bytes += game.text.len();
            }
            batch.push(item);
        }
        if !batch.is_empty() && (last || batch.len() == BATCH_GAMES || bytes >= BATCH_BYTES) {
            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_GAMES));
            bytes = 0;
            match work.try_send((sent, full)) {
                Ok(()) => {}
                // Every replaying thread is busy: this one replays the batch.
                Err(TrySendError::Full((seq, full))) => {
                    let (verdicts, games) = replay_batch(full, options);
                    out.put(seq, verdicts);
                    collector.reuse(games);
                }
                // Every replaying thread is gone (a panic, which the scope passes on).
                Err(TrySendError::Disconnected(_)) => break,
            }
            sent += 1;
            while let Ok((seq, verdicts, games)) = done.try_recv() {
                out.put(seq, verdicts);
                collector.reuse(games);
            }
        }
        if last {
            break;
        }
    }
    failure.map_or(Ok(count), Err)
}
