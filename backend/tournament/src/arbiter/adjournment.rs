// Over 800 lines: Appendix A as one state machine: the envelope (A.2), its sealing, opening (A.7)
// and the decisions of A.8-A.11 all read and change the same envelope; the unit tests are in
// adjournment/tests.rs.
//! Adjourned games and the sealed move (Appendix A.1-A.11).
//!
//! # The envelope
//! An [`Envelope`] carries what A.2 requires on it ([`EnvelopeInfo`]: the players, the position
//! before the sealed move, the time used by each player, who sealed, the number of the sealed
//! move, a standing draw offer, the date, time and place of resumption) and the sealed move.
//! Its life is a state machine ([`EnvelopeState`]):
//!
//! - **draft**: the player having the move writes his move and may change it (A.1(a): "until the
//!   clocks are stopped he may change the sealed move");
//! - **sealed**: he confirms ([`Envelope::seal`]); the move can no longer change and is unreadable
//!   to everyone: it is encrypted with ChaCha20-Poly1305 under a key the caller supplies (the
//!   service's seal key, never stored with the envelope), and a **commitment** (SHA-256 of the
//!   envelope id, a random secret salt and the move text, in hex) is shown on the envelope (A.3:
//!   the arbiter keeps it safe; tampering is evident);
//! - **opened**: only when the player who must reply is present (A.7); the move is decrypted,
//!   the commitment checked, and the move and salt revealed, so that anyone can check the
//!   commitment afterwards.
//!
//! The salt travels inside the ciphertext until opening: a commitment with a known salt could be
//! reversed by trying every legal move of the position.
//!
//! # Resumption
//! [`judge_sealed_move`] reads the opened move with the rules core: ambiguous (A.8(a)),
//! meaningless (A.8(b)) or illegal (A.8(c)) loses for the sealer, unless the opponent cannot
//! checkmate by any series of legal moves (Art. 6.9, 9.6: a draw); a legal move that mates,
//! stalemates or leaves a dead position ends the game (Art. 5). [`at_resumption`] says what
//! happens at the resumption time by who is present (A.9(a)-(c)); [`late_for_resumption`] applies
//! A.10 and its exceptions (a)-(c); [`before_resumption`] A.4/A.6; [`lost_envelope`] A.11.

use std::fmt;

use chacha20poly1305::aead::rand_core::RngCore;
use chacha20poly1305::aead::{Aead, KeyInit, OsRng, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use arbiter_rules::{
    Color, Move, MoveError, PieceLetters, Position, SanFormat, Winnability, can_checkmate,
    dead_position,
};

use super::default_time::{CheckIns, DefaultTime};
use super::{colour_name, from_rules_colour, to_rules_colour};
use crate::result::{Colour, GameResult, Penalty, PenaltyKind, ResultCode};

/// Bytes of the secret salt of a commitment.
pub const SALT_LEN: usize = 16;
/// Bytes of a ChaCha20-Poly1305 nonce.
pub const NONCE_LEN: usize = 12;
/// Bytes of a seal key (ChaCha20-Poly1305, 256 bits).
pub const KEY_LEN: usize = 32;
/// The longest sealed-move text accepted, in characters (a move, perhaps with its number and a
/// check mark; not an essay).
pub const MAX_MOVE_TEXT: usize = 32;

/// The service's seal key: 32 secret bytes, supplied by the caller (for example from the
/// environment), never stored with the envelopes. Its `Debug` form hides it.
#[derive(Clone)]
pub struct SealKey([u8; KEY_LEN]);

impl SealKey {
    /// A key from its 32 bytes.
    #[must_use]
    pub const fn from_bytes(bytes: [u8; KEY_LEN]) -> SealKey {
        SealKey(bytes)
    }

    /// A key from 64 hexadecimal digits.
    ///
    /// # Errors
    /// [`AdjournmentError::BadKey`] when the text is not 64 hex digits.
    pub fn from_hex(text: &str) -> Result<SealKey, AdjournmentError> {
        let bytes = hex::decode(text.trim()).map_err(|_| AdjournmentError::BadKey)?;
        let bytes: [u8; KEY_LEN] = bytes.try_into().map_err(|_| AdjournmentError::BadKey)?;
        Ok(SealKey(bytes))
    }

    /// A fresh random key from the operating system (for `arbiter` set-up commands).
    ///
    /// # Errors
    /// [`AdjournmentError::Randomness`] when the operating system gives no randomness.
    pub fn generate() -> Result<SealKey, AdjournmentError> {
        let mut bytes = [0; KEY_LEN];
        OsRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| AdjournmentError::Randomness(e.to_string()))?;
        Ok(SealKey(bytes))
    }

    /// The key as 64 hex digits (to write it once into a configuration).
    #[must_use]
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }
}

impl fmt::Debug for SealKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SealKey(<secret>)")
    }
}

/// The random values one sealing needs: the commitment's secret salt and the cipher's nonce.
/// [`SealRandom::from_os`] draws them; tests may fix them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SealRandom {
    /// The commitment's secret salt.
    pub salt: [u8; SALT_LEN],
    /// The nonce (never reuse one with the same key).
    pub nonce: [u8; NONCE_LEN],
}

impl SealRandom {
    /// Fresh values from the operating system's random source.
    ///
    /// # Errors
    /// [`AdjournmentError::Randomness`] when the operating system gives no randomness.
    pub fn from_os() -> Result<SealRandom, AdjournmentError> {
        let mut r = SealRandom {
            salt: [0; SALT_LEN],
            nonce: [0; NONCE_LEN],
        };
        OsRng
            .try_fill_bytes(&mut r.salt)
            .and_then(|()| OsRng.try_fill_bytes(&mut r.nonce))
            .map_err(|e| AdjournmentError::Randomness(e.to_string()))?;
        Ok(r)
    }
}

/// The date, time and place of resumption (A.2(g)).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Resumption {
    /// When play resumes (the arbiter's timepiece, A.13).
    pub at: NaiveDateTime,
    /// Where (the venue).
    pub place: String,
}

/// What the envelope shows (Appendix A.2(a)-(g)).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnvelopeInfo {
    /// A.2(a): White's name.
    pub white: String,
    /// A.2(a): Black's name.
    pub black: String,
    /// A.2(b): the position immediately before the sealed move, as FEN (the side to move is the
    /// sealer).
    pub position_fen: String,
    /// A.2(c): the time White has used, in seconds.
    pub white_time_used: u32,
    /// A.2(c): the time Black has used, in seconds.
    pub black_time_used: u32,
    /// A.2(d): the colour of the player who sealed (the one having the move).
    pub sealer: Colour,
    /// A.2(e): the number of the sealed move (the FEN's fullmove number).
    pub move_number: u32,
    /// A.2(f): the player whose draw offer is current, if any (Art. 9.1, A.4).
    pub draw_offer: Option<Colour>,
    /// A.2(g): date, time and venue of resumption.
    pub resumption: Resumption,
}

impl EnvelopeInfo {
    /// The envelope's information for adjourning `position` (the position before the sealed
    /// move, from the game's moves or a FEN): the sealer and move number are read from the
    /// position (A.2(d), (e)).
    ///
    /// # Errors
    /// [`AdjournmentError::BadInfo`] when a name or the venue is blank, or the game is over in
    /// `position` (checkmate or stalemate: nothing to seal, Art. 5).
    pub fn new(
        white: impl Into<String>,
        black: impl Into<String>,
        position: &Position,
        white_time_used: u32,
        black_time_used: u32,
        draw_offer: Option<Colour>,
        resumption: Resumption,
    ) -> Result<EnvelopeInfo, AdjournmentError> {
        let info = EnvelopeInfo {
            white: white.into(),
            black: black.into(),
            position_fen: position.fen(),
            white_time_used,
            black_time_used,
            sealer: from_rules_colour(position.turn()),
            move_number: position.fullmove_number(),
            draw_offer,
            resumption,
        };
        info.validate()?;
        Ok(info)
    }

    /// Checks the information as A.3 asks the arbiter to: names and venue given, the position
    /// legal (Art. 2, 3) with moves to make, the sealer the side to move and the move number the
    /// position's.
    ///
    /// # Errors
    /// [`AdjournmentError::BadInfo`] naming the A.2 item at fault.
    pub fn validate(&self) -> Result<(), AdjournmentError> {
        let bad = |item: &'static str, why: String| Err(AdjournmentError::BadInfo { item, why });
        if self.white.trim().is_empty() || self.black.trim().is_empty() {
            return bad("A.2(a)", "both players' names are required".into());
        }
        if self.resumption.place.trim().is_empty() {
            return bad("A.2(g)", "the venue of resumption is required".into());
        }
        let pos = match Position::from_fen(&self.position_fen) {
            Ok(p) => p,
            Err(e) => return bad("A.2(b)", format!("`{}`: {e}", self.position_fen)),
        };
        if !pos.has_legal_moves() {
            return bad(
                "A.2(b)",
                "the game is over in this position (checkmate or stalemate, Art. 5): there is no move to seal".into(),
            );
        }
        if from_rules_colour(pos.turn()) != self.sealer {
            return bad(
                "A.2(d)",
                format!(
                    "the player who seals is the one having the move ({}), not {}",
                    pos.turn(),
                    colour_name(self.sealer)
                ),
            );
        }
        if pos.fullmove_number() != self.move_number {
            return bad(
                "A.2(e)",
                format!(
                    "the sealed move is move {} of the position, not {}",
                    pos.fullmove_number(),
                    self.move_number
                ),
            );
        }
        Ok(())
    }

    /// The position before the sealed move (A.2(b), A.5).
    ///
    /// # Errors
    /// [`AdjournmentError::BadInfo`] when the stored FEN is not a legal position.
    pub fn position(&self) -> Result<Position, AdjournmentError> {
        Position::from_fen(&self.position_fen).map_err(|e| AdjournmentError::BadInfo {
            item: "A.2(b)",
            why: format!("`{}`: {e}", self.position_fen),
        })
    }

    /// The player who must reply to the sealed move.
    #[must_use]
    pub const fn replier(&self) -> Colour {
        self.sealer.opposite()
    }

    /// The name of the player with `colour`.
    #[must_use]
    pub fn name(&self, colour: Colour) -> &str {
        match colour {
            Colour::White => &self.white,
            Colour::Black => &self.black,
        }
    }

    /// The information of a new envelope for the replier's answer (A.9(c)): the position after
    /// the opened sealed move, the times used now, the same resumption (the arbiter may change
    /// it). The draw offer is carried over.
    ///
    /// # Errors
    /// As [`EnvelopeInfo::new`].
    pub fn for_reply(
        &self,
        position_after: &Position,
        white_time_used: u32,
        black_time_used: u32,
    ) -> Result<EnvelopeInfo, AdjournmentError> {
        EnvelopeInfo::new(
            self.white.clone(),
            self.black.clone(),
            position_after,
            white_time_used,
            black_time_used,
            self.draw_offer,
            self.resumption.clone(),
        )
    }

    /// What is bound to the ciphertext as associated data: a change of the position, the sealer
    /// or the move number after sealing makes opening fail (tampering evident, A.3).
    fn binding(&self) -> String {
        format!(
            "{}|{}|{}",
            self.position_fen,
            self.sealer.trf_char(),
            self.move_number
        )
    }
}

/// Where an envelope stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EnvelopeState {
    /// The sealer is writing the move and may still change it (A.1(a)).
    Draft,
    /// Sealed: the move is fixed and unreadable (A.1(a), A.3).
    Sealed,
    /// Opened at resumption with the replier present (A.7, A.9).
    Opened,
}

impl EnvelopeState {
    /// `draft`, `sealed` or `opened`, as stored.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EnvelopeState::Draft => "draft",
            EnvelopeState::Sealed => "sealed",
            EnvelopeState::Opened => "opened",
        }
    }

    /// Reads [`EnvelopeState::name`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<EnvelopeState> {
        match name {
            "draft" => Some(EnvelopeState::Draft),
            "sealed" => Some(EnvelopeState::Sealed),
            "opened" => Some(EnvelopeState::Opened),
            _ => None,
        }
    }
}

/// The sealed move as stored: ciphertext, nonce and the commitment shown on the envelope. None of
/// it reveals the move without the seal key.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SealedMove {
    /// The cipher's nonce.
    pub nonce: [u8; NONCE_LEN],
    /// ChaCha20-Poly1305 ciphertext (with its tag) of the salt followed by the move text.
    pub ciphertext: Vec<u8>,
    /// SHA-256 (hex, 64 digits) of the envelope id's 16 bytes, the salt and the move text.
    pub commitment: String,
}

impl SealedMove {
    /// The nonce in hex (24 digits), as stored.
    #[must_use]
    pub fn nonce_hex(&self) -> String {
        hex::encode(self.nonce)
    }

    /// The ciphertext in hex, as stored.
    #[must_use]
    pub fn ciphertext_hex(&self) -> String {
        hex::encode(&self.ciphertext)
    }

    /// A sealed move from its stored hex columns.
    ///
    /// # Errors
    /// [`AdjournmentError::Tampered`] when a column is not hex of the right length, or the
    /// commitment is not 64 hex digits.
    pub fn from_hex(
        nonce: &str,
        ciphertext: &str,
        commitment: &str,
    ) -> Result<SealedMove, AdjournmentError> {
        let nonce: [u8; NONCE_LEN] = hex::decode(nonce)
            .ok()
            .and_then(|v| v.try_into().ok())
            .ok_or(AdjournmentError::Tampered)?;
        let ciphertext = hex::decode(ciphertext).map_err(|_| AdjournmentError::Tampered)?;
        if commitment.len() != 64 || !commitment.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(AdjournmentError::Tampered);
        }
        Ok(SealedMove {
            nonce,
            ciphertext,
            commitment: commitment.to_ascii_lowercase(),
        })
    }
}

/// The move and salt revealed at opening (A.9), with which anyone can check the commitment.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Revealed {
    /// The sealed move as the sealer wrote it.
    pub move_text: String,
    /// The commitment's salt.
    pub salt: [u8; SALT_LEN],
}

/// An adjourned game's envelope (Appendix A).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// Its identity (in the commitment).
    pub id: Uuid,
    /// What A.2 requires on the envelope.
    pub info: EnvelopeInfo,
    state: EnvelopeState,
    draft: Option<String>,
    sealed: Option<SealedMove>,
    revealed: Option<Revealed>,
}

/// The commitment: SHA-256 over the id's bytes, the salt and the move text, in lower-case hex.
#[must_use]
pub fn commitment(id: Uuid, salt: &[u8; SALT_LEN], move_text: &str) -> String {
    let mut h = Sha256::new();
    h.update(id.as_bytes());
    h.update(salt);
    h.update(move_text.as_bytes());
    hex::encode(h.finalize())
}

fn aad(id: Uuid, commitment: &str, info: &EnvelopeInfo) -> Vec<u8> {
    let mut v = id.as_bytes().to_vec();
    v.extend_from_slice(commitment.as_bytes());
    v.extend_from_slice(info.binding().as_bytes());
    v
}

impl Revealed {
    /// The salt in hex (32 digits), as stored after opening.
    #[must_use]
    pub fn salt_hex(&self) -> String {
        hex::encode(self.salt)
    }

    /// A revealed move from its stored columns.
    ///
    /// # Errors
    /// [`AdjournmentError::Tampered`] when the salt is not 32 hex digits.
    pub fn from_hex(move_text: &str, salt: &str) -> Result<Revealed, AdjournmentError> {
        let salt: [u8; SALT_LEN] = hex::decode(salt)
            .ok()
            .and_then(|v| v.try_into().ok())
            .ok_or(AdjournmentError::Tampered)?;
        Ok(Revealed {
            move_text: move_text.to_owned(),
            salt,
        })
    }
}

impl Envelope {
    /// A new envelope in the draft state, with no move written yet.
    ///
    /// # Errors
    /// [`AdjournmentError::BadInfo`] when `info` fails [`EnvelopeInfo::validate`].
    pub fn new(id: Uuid, info: EnvelopeInfo) -> Result<Envelope, AdjournmentError> {
        info.validate()?;
        Ok(Envelope {
            id,
            info,
            state: EnvelopeState::Draft,
            draft: None,
            sealed: None,
            revealed: None,
        })
    }

    /// An envelope as stored after sealing: `revealed` must be given exactly when the state is
    /// [`EnvelopeState::Opened`]; a draft is never stored.
    ///
    /// # Errors
    /// [`AdjournmentError::WrongState`] for a stored draft or a revealed move that does not match
    /// the state; [`AdjournmentError::Tampered`] when a revealed move does not match the
    /// commitment.
    pub fn from_stored(
        id: Uuid,
        info: EnvelopeInfo,
        state: EnvelopeState,
        sealed: SealedMove,
        revealed: Option<Revealed>,
    ) -> Result<Envelope, AdjournmentError> {
        match (state, &revealed) {
            (EnvelopeState::Sealed, None) => {}
            (EnvelopeState::Opened, Some(r)) => {
                if commitment(id, &r.salt, &r.move_text) != sealed.commitment {
                    return Err(AdjournmentError::Tampered);
                }
            }
            _ => {
                return Err(AdjournmentError::WrongState {
                    state,
                    wanted: "a sealed envelope without a revealed move, or an opened one with it",
                });
            }
        }
        Ok(Envelope {
            id,
            info,
            state,
            draft: None,
            sealed: Some(sealed),
            revealed,
        })
    }

    /// Where it stands.
    #[must_use]
    pub const fn state(&self) -> EnvelopeState {
        self.state
    }

    /// The move written so far, while still a draft (shown to the sealer only).
    #[must_use]
    pub fn draft_move(&self) -> Option<&str> {
        self.draft.as_deref()
    }

    /// The stored form, once sealed.
    #[must_use]
    pub const fn sealed(&self) -> Option<&SealedMove> {
        self.sealed.as_ref()
    }

    /// The commitment shown on the envelope, once sealed.
    #[must_use]
    pub fn commitment(&self) -> Option<&str> {
        self.sealed.as_ref().map(|s| s.commitment.as_str())
    }

    /// The revealed move and salt, once opened.
    #[must_use]
    pub const fn revealed(&self) -> Option<&Revealed> {
        self.revealed.as_ref()
    }

    /// Writes (or changes) the sealed move while the envelope is a draft (A.1(a)).
    ///
    /// # Errors
    /// [`AdjournmentError::WrongState`] once sealed (A.1(a): the move cannot change after the
    /// clocks are stopped); [`AdjournmentError::BadMoveText`] for an empty or overlong text.
    pub fn write_move(&mut self, text: &str) -> Result<(), AdjournmentError> {
        if self.state != EnvelopeState::Draft {
            return Err(AdjournmentError::WrongState {
                state: self.state,
                wanted: "a draft (A.1(a): the sealed move can be changed only until the clocks are stopped)",
            });
        }
        let text = text.trim();
        if text.is_empty() || text.chars().count() > MAX_MOVE_TEXT {
            return Err(AdjournmentError::BadMoveText(text.to_owned()));
        }
        self.draft = Some(text.to_owned());
        Ok(())
    }

    /// Seals the envelope (A.1(a)): the draft move is encrypted under `key`, the commitment
    /// computed, and the plain text forgotten.
    ///
    /// # Errors
    /// [`AdjournmentError::WrongState`] unless a draft; [`AdjournmentError::NoMove`] when no move
    /// was written; [`AdjournmentError::Cipher`] if encryption fails.
    pub fn seal(&mut self, key: &SealKey, random: SealRandom) -> Result<(), AdjournmentError> {
        if self.state != EnvelopeState::Draft {
            return Err(AdjournmentError::WrongState {
                state: self.state,
                wanted: "a draft",
            });
        }
        let text = self.draft.as_deref().ok_or(AdjournmentError::NoMove)?;
        let commitment = commitment(self.id, &random.salt, text);
        let mut plain = random.salt.to_vec();
        plain.extend_from_slice(text.as_bytes());
        let cipher = ChaCha20Poly1305::new(Key::from_slice(&key.0));
        let aad = aad(self.id, &commitment, &self.info);
        let ciphertext = cipher
            .encrypt(
                Nonce::from_slice(&random.nonce),
                Payload {
                    msg: &plain,
                    aad: &aad,
                },
            )
            .map_err(|_| AdjournmentError::Cipher)?;
        self.sealed = Some(SealedMove {
            nonce: random.nonce,
            ciphertext,
            commitment,
        });
        self.draft = None;
        self.state = EnvelopeState::Sealed;
        Ok(())
    }

    /// Opens the envelope (A.7, A.9): allowed only when the player who must reply is present.
    /// Decrypts with `key`, checks the commitment, and reveals the move.
    ///
    /// # Errors
    /// [`AdjournmentError::ReplierAbsent`] (A.7); [`AdjournmentError::WrongState`] unless sealed;
    /// [`AdjournmentError::Tampered`] when the ciphertext, the commitment or the position, sealer
    /// or move number changed since sealing, or the key is not the one that sealed.
    pub fn open(&mut self, key: &SealKey, replier_present: bool) -> Result<&str, AdjournmentError> {
        if self.state != EnvelopeState::Sealed {
            return Err(AdjournmentError::WrongState {
                state: self.state,
                wanted: "a sealed envelope",
            });
        }
        if !replier_present {
            return Err(AdjournmentError::ReplierAbsent(self.info.replier()));
        }
        let sealed = self.sealed.as_ref().ok_or(AdjournmentError::NoMove)?;
        let cipher = ChaCha20Poly1305::new(Key::from_slice(&key.0));
        let aad = aad(self.id, &sealed.commitment, &self.info);
        let plain = cipher
            .decrypt(
                Nonce::from_slice(&sealed.nonce),
                Payload {
                    msg: &sealed.ciphertext,
                    aad: &aad,
                },
            )
            .map_err(|_| AdjournmentError::Tampered)?;
        let (salt, text) = plain
            .split_at_checked(SALT_LEN)
            .ok_or(AdjournmentError::Tampered)?;
        let salt: [u8; SALT_LEN] = salt.try_into().map_err(|_| AdjournmentError::Tampered)?;
        let text = String::from_utf8(text.to_vec()).map_err(|_| AdjournmentError::Tampered)?;
        if commitment(self.id, &salt, &text) != sealed.commitment {
            return Err(AdjournmentError::Tampered);
        }
        self.state = EnvelopeState::Opened;
        let revealed = self.revealed.insert(Revealed {
            move_text: text,
            salt,
        });
        Ok(&revealed.move_text)
    }
}

/// Something about an envelope or a resumption that the Laws do not allow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AdjournmentError {
    /// A.7: the envelope is opened only when the player who must reply is present.
    #[error(
        "the envelope may be opened only when the player who must reply to the sealed move ({}) is present (A.7)",
        colour_name(*.0)
    )]
    ReplierAbsent(Colour),
    /// The operation needs another state.
    #[error("the envelope is {}; this needs {wanted}", .state.name())]
    WrongState {
        /// The envelope's state.
        state: EnvelopeState,
        /// What the operation needs.
        wanted: &'static str,
    },
    /// Sealing without a move.
    #[error("no sealed move has been written (A.1(a))")]
    NoMove,
    /// An empty or overlong move text.
    #[error(
        "`{0}` cannot be a sealed move: write one move, at most 32 characters (A.1(a): in unambiguous notation)"
    )]
    BadMoveText(String),
    /// Opening failed authentication or the commitment does not match.
    #[error(
        "the envelope fails its check: the sealed move, its commitment or the envelope's position, sealer or move number were changed after sealing, or the seal key is not the one that sealed it (A.3)"
    )]
    Tampered,
    /// Encryption failed.
    #[error("the sealed move could not be encrypted")]
    Cipher,
    /// Not a seal key.
    #[error("a seal key is 64 hexadecimal digits (32 bytes)")]
    BadKey,
    /// No randomness from the operating system.
    #[error("no randomness for the seal: {0}")]
    Randomness(String),
    /// An A.2 item is missing or wrong.
    #[error("{item}: {why}")]
    BadInfo {
        /// The item of A.2.
        item: &'static str,
        /// What is wrong.
        why: String,
    },
    /// A.10's exceptions depend on the sealed move: the envelope must be opened first.
    #[error(
        "the sealer is late: whether A.10(a) or (b) applies depends on the sealed move; open the envelope first (the replier is present, A.7)"
    )]
    NeedsOpening,
}

/// How a game ends on the board after the sealed move, or by a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEnd {
    /// The result.
    pub result: GameResult,
    /// The article.
    pub article: &'static str,
    /// A sentence for the board view and the audit log.
    pub message: String,
}

/// What is wrong with a sealed move (A.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Defect {
    /// A.8(a): ambiguous (several legal moves fit it, Appendix E.9).
    Ambiguous,
    /// A.8(b): recorded so that its true meaning cannot be established (not notation, or
    /// readable in several piece-letter languages as different legal moves).
    Meaningless,
    /// A.8(c): illegal (Art. 3).
    Illegal,
}

impl Defect {
    /// `A.8(a)`, `A.8(b)` or `A.8(c)`.
    #[must_use]
    pub const fn article(self) -> &'static str {
        match self {
            Defect::Ambiguous => "A.8(a)",
            Defect::Meaningless => "A.8(b)",
            Defect::Illegal => "A.8(c)",
        }
    }
}

/// The sealed move read against the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealedMoveVerdict {
    /// A legal move: it is made on the board (A.9(a)).
    Legal {
        /// The move.
        mv: Move,
        /// The move in SAN (English letters).
        san: String,
        /// The position after it (boxed: a position is large).
        position_after: Box<Position>,
        /// The end of the game if the move mates (5.1(a)), stalemates (5.2(a)) or leaves a
        /// dead position (5.2(b), 9.6); `None` when play continues.
        ends: Option<GameEnd>,
    },
    /// A.8: the sealer loses, or the game is drawn when the opponent cannot checkmate (6.9, 9.6).
    Defective {
        /// Which defect.
        defect: Defect,
        /// The rules core's explanation.
        why: String,
        /// The game's result.
        end: GameEnd,
    },
}

impl SealedMoveVerdict {
    /// The end of the game, if the sealed move ends it (by the board or by A.8).
    #[must_use]
    pub const fn end(&self) -> Option<&GameEnd> {
        match self {
            SealedMoveVerdict::Legal { ends, .. } => ends.as_ref(),
            SealedMoveVerdict::Defective { end, .. } => Some(end),
        }
    }
}

/// `winner` won over the board.
const fn win_for(winner: Colour) -> GameResult {
    match winner {
        Colour::White => GameResult::white_wins(),
        Colour::Black => GameResult::black_wins(),
    }
}

/// A leading move number (`41.`, `41...`, `41 ...`) is not part of the move.
fn strip_move_number(text: &str) -> &str {
    let t = text.trim();
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return t;
    }
    let rest = t[digits..].trim_start();
    if rest.starts_with('.') {
        rest.trim_start_matches('.').trim_start()
    } else {
        t
    }
}

/// Reads and judges the sealed move `text` in the envelope's position (A.8, A.9(a), Art. 5).
///
/// The text may be in any piece-letter language (Appendix E.2) and carry its move number. When
/// no language reads it as a legal move, the defect is: ambiguous (A.8(a)) if some reading is
/// ambiguous; illegal (A.8(c)) if some reading is notation for an illegal move; meaningless
/// (A.8(b)) otherwise. Readings in several languages giving different legal moves also make it
/// meaningless (its true meaning cannot be established). A defective move loses for the sealer
/// unless the opponent cannot checkmate by any series of legal moves from the position (6.9,
/// 9.6: a draw; unproved counts as "can").
///
/// # Errors
/// [`AdjournmentError::BadInfo`] when the envelope's position is not legal.
pub fn judge_sealed_move(
    info: &EnvelopeInfo,
    text: &str,
) -> Result<SealedMoveVerdict, AdjournmentError> {
    let pos = info.position()?;
    Ok(judge_move_in(&pos, info.sealer, text))
}

/// As [`judge_sealed_move`], in the position `pos` (the position before the sealed move, A.2(b))
/// with `sealer` to move: for a page that has the envelope's position already.
#[must_use]
pub fn judge_move_in(pos: &Position, sealer: Colour, text: &str) -> SealedMoveVerdict {
    let token = strip_move_number(text);
    let mut legal: Vec<Move> = Vec::new();
    let mut first_error: Option<MoveError> = None;
    let mut ambiguous: Option<MoveError> = None;
    let mut illegal: Option<MoveError> = None;
    let mut languages: Vec<PieceLetters> = vec![PieceLetters::English];
    languages.extend(PieceLetters::candidates_for(token).filter(|l| *l != PieceLetters::English));
    for letters in languages {
        match pos.parse_move(token, letters) {
            Ok(m) => {
                if !legal.contains(&m) {
                    legal.push(m);
                }
            }
            Err(e) => {
                match &e {
                    MoveError::Ambiguous { .. } if ambiguous.is_none() => {
                        ambiguous = Some(e.clone());
                    }
                    MoveError::Illegal { .. } if illegal.is_none() => illegal = Some(e.clone()),
                    _ => {}
                }
                first_error.get_or_insert(e);
            }
        }
    }
    let defect = match (legal.as_slice(), &ambiguous, &illegal) {
        ([m], _, _) => {
            let m = *m;
            let mut after = *pos;
            after.play_unchecked(m);
            let san = pos.san_with(m, &SanFormat::PGN);
            let ends = board_end(&after, sealer, &san);
            return SealedMoveVerdict::Legal {
                mv: m,
                san,
                position_after: Box::new(after),
                ends,
            };
        }
        ([_, _, ..], _, _) => (
            Defect::Meaningless,
            format!(
                "`{token}` reads as different legal moves in different piece-letter languages: {}",
                legal
                    .iter()
                    .map(|&m| pos.san_with(m, &SanFormat::PGN))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        ([], Some(e), _) => (Defect::Ambiguous, e.to_string()),
        ([], None, Some(e)) => (Defect::Illegal, e.to_string()),
        ([], None, None) => (
            Defect::Meaningless,
            first_error.map_or_else(|| format!("`{token}` is not a move"), |e| e.to_string()),
        ),
    };
    let (defect, why) = defect;
    let opponent = sealer.opposite();
    let opponent_can_mate = !matches!(
        can_checkmate(pos, to_rules_colour(opponent)),
        Winnability::No
    );
    let end = if opponent_can_mate {
        GameEnd {
            result: win_for(opponent),
            article: defect.article(),
            message: format!(
                "the sealed move `{}` is {}: {} loses the game ({}): {why}",
                text.trim(),
                defect_word(defect),
                colour_name(sealer),
                defect.article()
            ),
        }
    } else {
        GameEnd {
            result: GameResult::draw(),
            article: "A.8, 6.9",
            message: format!(
                "the sealed move `{}` is {}, but {} cannot checkmate by any series of legal moves: the game is drawn (A.8 with Art. 6.9, 9.6): {why}",
                text.trim(),
                defect_word(defect),
                colour_name(opponent)
            ),
        }
    };
    SealedMoveVerdict::Defective { defect, why, end }
}

const fn defect_word(d: Defect) -> &'static str {
    match d {
        Defect::Ambiguous => "ambiguous",
        Defect::Meaningless => "meaningless",
        Defect::Illegal => "illegal",
    }
}

/// The end of the game after `mover`'s move reached `after`: checkmate, stalemate or a dead
/// position (Art. 5.1(a), 5.2(a), 5.2(b)/9.6).
fn board_end(after: &Position, mover: Colour, san: &str) -> Option<GameEnd> {
    if after.is_checkmate() {
        Some(GameEnd {
            result: win_for(mover),
            article: "5.1(a)",
            message: format!(
                "the sealed move {san} is checkmate: {} wins (Art. 5.1(a))",
                colour_name(mover)
            ),
        })
    } else if after.is_stalemate() {
        Some(GameEnd {
            result: GameResult::draw(),
            article: "5.2(a)",
            message: format!("the sealed move {san} is stalemate: the game is drawn (Art. 5.2(a))"),
        })
    } else if dead_position(after) {
        Some(GameEnd {
            result: GameResult::draw(),
            article: "5.2(b), 9.6",
            message: format!(
                "after the sealed move {san} neither player can checkmate: the game is drawn (Art. 5.2(b), 9.6)"
            ),
        })
    } else {
        None
    }
}

/// A.1(b): a player having the move who adjourns before the session's nominal end is treated as
/// having sealed at the nominal end, and his time is recorded as at that moment. Given the time
/// he has used at `sealed_at` (seconds), the time to record for him: what his clock would show at
/// `nominal_end` (unchanged when he seals at or after the nominal end).
#[must_use]
pub fn time_used_at_nominal_end(
    time_used: u32,
    sealed_at: NaiveDateTime,
    nominal_end: NaiveDateTime,
) -> u32 {
    let early = (nominal_end - sealed_at).num_seconds();
    u32::try_from(early.max(0)).map_or(u32::MAX, |e| time_used.saturating_add(e))
}

/// Who is at the board at the resumption time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Presence {
    /// The player who sealed is present.
    pub sealer: bool,
    /// The player who must reply is present.
    pub replier: bool,
}

/// What happens at the agreed resumption time (A.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResumptionStart {
    /// A.9(a): the replier is present: open the envelope, make the sealed move on the board, start
    /// the replier's clock.
    OpenAndPlay,
    /// A.9(c) (the replier is present, the sealer absent): open the envelope; the replier may
    /// answer on the board, or write his reply, seal it in a new envelope
    /// ([`EnvelopeInfo::for_reply`]), stop his clock and start the absent sealer's.
    OpenReplierMaySeal,
    /// A.9(b): the replier is absent: his clock is started now; on arrival he may stop it and
    /// call the arbiter; the envelope is then opened and the move made.
    ReplierClockRuns {
        /// The colour whose clock runs.
        running: Colour,
        /// Since when (the resumption time).
        since: NaiveDateTime,
    },
}

/// Decides what happens at the resumption time (A.9(a)-(c)) from who is present.
#[must_use]
pub fn at_resumption(info: &EnvelopeInfo, presence: Presence) -> ResumptionStart {
    match (presence.replier, presence.sealer) {
        (true, true) => ResumptionStart::OpenAndPlay,
        (true, false) => ResumptionStart::OpenReplierMaySeal,
        (false, _) => ResumptionStart::ReplierClockRuns {
            running: info.replier(),
            since: info.resumption.at,
        },
    }
}

/// The outcome of A.10 at an instant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum LateVerdict {
    /// The deadline (resumption time + the default time) has not passed.
    NotYet {
        /// The last instant at which arriving is on time.
        deadline: NaiveDateTime,
    },
    /// Both players arrived in time: play on.
    BothInTime,
    /// The game is decided.
    Decided(GameEnd),
}

/// Applies A.10 at instant `now`: a player more than the default time (one hour in the 2001
/// Laws, or the regulations' time) late for the resumption loses. If the late player is the one
/// who sealed, the result is otherwise when (a) the sealed move is checkmate (he wins), (b) it
/// is stalemate or leaves a dead position (a draw), or (c) the player present has lost on time
/// (Art. 6.10: he loses, or the game is drawn when the sealer cannot checkmate, 6.9).
///
/// `arrivals` are the check-ins for the resumption session; `sealed_move` the opened move's
/// verdict (needed only when the sealer is the late one); `present_flag_fell` whether the
/// present player's time ran out while waiting (A.10(c)). When both are late, both lose
/// (`0`/`0`), unless the sealed move already ended the game. Losses are over-the-board results
/// (`1`/`0`): the game was played.
///
/// # Errors
/// [`AdjournmentError::NeedsOpening`] when the sealer is late and `sealed_move` is not given.
pub fn late_for_resumption(
    info: &EnvelopeInfo,
    limit: DefaultTime,
    arrivals: CheckIns,
    now: NaiveDateTime,
    sealed_move: Option<&SealedMoveVerdict>,
    present_flag_fell: bool,
) -> Result<LateVerdict, AdjournmentError> {
    let deadline = limit.deadline(info.resumption.at);
    let in_time = |c: Colour| arrivals.of(c).is_some_and(|t| t <= deadline && t <= now);
    let sealer = info.sealer;
    let replier = info.replier();
    let (sealer_ok, replier_ok) = (in_time(sealer), in_time(replier));
    if sealer_ok && replier_ok {
        return Ok(LateVerdict::BothInTime);
    }
    if now <= deadline {
        return Ok(LateVerdict::NotYet { deadline });
    }
    let minutes = limit.minutes;
    match (sealer_ok, replier_ok) {
        (true, false) => Ok(LateVerdict::Decided(GameEnd {
            result: win_for(sealer),
            article: "A.10",
            message: format!(
                "{} was more than {minutes} minutes late for the resumption and loses (A.10)",
                colour_name(replier)
            ),
        })),
        (false, true) => {
            let verdict = sealed_move.ok_or(AdjournmentError::NeedsOpening)?;
            if let SealedMoveVerdict::Legal {
                ends: Some(end), ..
            } = verdict
            {
                let article = if end.article == "5.1(a)" {
                    "A.10(a)"
                } else {
                    "A.10(b)"
                };
                return Ok(LateVerdict::Decided(GameEnd {
                    result: end.result.clone(),
                    article,
                    message: format!(
                        "{} is late for the resumption, but {} ({article})",
                        colour_name(sealer),
                        end.message
                    ),
                }));
            }
            if present_flag_fell {
                let position = match verdict {
                    SealedMoveVerdict::Legal { position_after, .. } => **position_after,
                    SealedMoveVerdict::Defective { .. } => info.position()?,
                };
                let sealer_can_mate = !matches!(
                    can_checkmate(&position, to_rules_colour(sealer)),
                    Winnability::No
                );
                let (result, article, what) = if sealer_can_mate {
                    (win_for(sealer), "A.10(c), 6.10", "loses")
                } else {
                    (
                        GameResult::draw(),
                        "A.10(c), 6.9",
                        "would lose, but the sealer cannot checkmate: the game is drawn",
                    )
                };
                return Ok(LateVerdict::Decided(GameEnd {
                    result,
                    article,
                    message: format!(
                        "{} is late for the resumption, but {}, who is present, has run out of time and {what} ({article})",
                        colour_name(sealer),
                        colour_name(replier)
                    ),
                }));
            }
            Ok(LateVerdict::Decided(GameEnd {
                result: win_for(replier),
                article: "A.10",
                message: format!(
                    "{} sealed and was more than {minutes} minutes late for the resumption: he loses (A.10)",
                    colour_name(sealer)
                ),
            }))
        }
        _ => {
            if let Some(end) = sealed_move.and_then(|v| match v {
                SealedMoveVerdict::Legal { ends, .. } => ends.as_ref(),
                SealedMoveVerdict::Defective { .. } => None,
            }) {
                return Ok(LateVerdict::Decided(end.clone()));
            }
            let reason = format!(
                "A.10: both players were more than {minutes} minutes late for the resumption"
            );
            Ok(LateVerdict::Decided(GameEnd {
                result: GameResult {
                    penalty: Some(Penalty {
                        kind: PenaltyKind::Other,
                        reason: reason.clone(),
                    }),
                    ..GameResult::new(ResultCode::Loss, ResultCode::Loss)
                },
                article: "A.10",
                message: format!("{reason}: both lose"),
            }))
        }
    }
}

/// What may end an adjourned game before resumption (A.4, A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BeforeResumption {
    /// A.6: the players agree a draw (for example accepting an offer standing under A.4).
    DrawAgreed,
    /// A.6: this player tells the arbiter he resigns.
    Resigned(Colour),
}

/// The result of a game ended before resumption (A.4, A.6): the game is over; the envelope need
/// not be opened.
#[must_use]
pub fn before_resumption(event: BeforeResumption) -> GameEnd {
    match event {
        BeforeResumption::DrawAgreed => GameEnd {
            result: GameResult::draw(),
            article: "A.6",
            message: "the players agreed a draw before the resumption (A.4, A.6)".into(),
        },
        BeforeResumption::Resigned(c) => GameEnd {
            result: win_for(c.opposite()),
            article: "A.6",
            message: format!(
                "{} resigned before the resumption (A.6, Art. 5.1(b))",
                colour_name(c)
            ),
        },
    }
}

/// Draw offers around an adjournment (A.2(f), A.4, Art. 9.1): an offer stands until accepted or
/// rejected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawOffer {
    /// The player whose offer stands, if any.
    pub standing: Option<Colour>,
}

/// A draw-offer action that the Laws do not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DrawOfferError {
    /// Accepting or rejecting with no offer from the opponent standing.
    #[error("there is no draw offer from {} standing (Art. 9.1, A.4)", colour_name(*.0))]
    NoOffer(Colour),
}

impl DrawOffer {
    /// `by` offers a draw (A.4: also after the opponent sealed); it stands until answered.
    pub fn offer(&mut self, by: Colour) {
        self.standing = Some(by);
    }

    /// `by` accepts the opponent's standing offer: the game is drawn (A.6, Art. 9.1).
    ///
    /// # Errors
    /// [`DrawOfferError::NoOffer`] when the opponent has no offer standing.
    pub fn accept(&mut self, by: Colour) -> Result<GameEnd, DrawOfferError> {
        if self.standing != Some(by.opposite()) {
            return Err(DrawOfferError::NoOffer(by.opposite()));
        }
        self.standing = None;
        Ok(before_resumption(BeforeResumption::DrawAgreed))
    }

    /// `by` rejects the opponent's standing offer (Art. 9.1).
    ///
    /// # Errors
    /// [`DrawOfferError::NoOffer`] when the opponent has no offer standing.
    pub fn reject(&mut self, by: Colour) -> Result<(), DrawOfferError> {
        if self.standing != Some(by.opposite()) {
            return Err(DrawOfferError::NoOffer(by.opposite()));
        }
        self.standing = None;
        Ok(())
    }
}

/// What A.11 says to do when the envelope is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LostEnvelope {
    /// A.11(a): resume from the adjourned position; the sealer makes the move he says he sealed.
    Resume {
        /// The adjourned position (A.5).
        position: Position,
        /// The clock times: the recorded `(white, black)` times used in seconds, or `None` when
        /// they cannot be re-established and the arbiter sets the clocks.
        times_used: Option<(u32, u32)>,
        /// The move the sealer says he sealed, as a move on the board: a legal move, or why not
        /// (then handled as an illegal move on the board, Art. 7.4).
        stated_move: Result<Move, MoveError>,
    },
    /// A.11(b): the position cannot be re-established: the game is annulled and a new game is
    /// played. The result is blank until the replay.
    Annulled(GameEnd),
}

/// A.11: the envelope is lost. `position` is the adjourned position if it can be re-established
/// (from the envelope's recorded information or the scoresheets), `times_used` the recorded clock
/// times, `stated_move` the move the sealer says he sealed.
#[must_use]
pub fn lost_envelope(
    position: Option<&Position>,
    times_used: Option<(u32, u32)>,
    stated_move: &str,
) -> LostEnvelope {
    match position {
        Some(pos) => LostEnvelope::Resume {
            position: *pos,
            times_used,
            stated_move: read_stated_move(pos, stated_move),
        },
        None => LostEnvelope::Annulled(GameEnd {
            result: GameResult::pending(),
            article: "A.11(b)",
            message: "the envelope is lost and the adjourned position cannot be re-established: the game is annulled and replayed (A.11(b))".into(),
        }),
    }
}

fn read_stated_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let token = strip_move_number(text);
    let english = pos.parse_move(token, PieceLetters::English);
    if english.is_ok() {
        return english;
    }
    PieceLetters::candidates_for(token)
        .find_map(|l| pos.parse_move(token, l).ok())
        .map_or(english, Ok)
}

/// The side to move in `info`'s position, as the rules core names it (for board views).
#[must_use]
pub const fn sealer_color(info: &EnvelopeInfo) -> Color {
    to_rules_colour(info.sealer)
}

#[cfg(test)]
mod tests;
