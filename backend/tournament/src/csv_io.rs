//! CSV import and export.
