//! The numbers that name players and rounds everywhere in the model (TRF16 record `001`
//! columns 5-8; C.04.2's pairing numbers). A leaf file, so that the team model and the
//! tournament's model can both use them without depending on each other.

/// A pairing number (TRF start number), 1-9999.
pub type PairingNumber = u16;

/// A round number, from 1.
pub type RoundNumber = u16;
