//! The largest request bodies the service reads, by kind; a larger one is answered `413`
//! ([`crate::error::WebError::TooLarge`]).

/// The largest JSON body (and `PATCH` body) the API takes, in bytes.
pub const JSON_LIMIT: usize = 64 * 1024;
/// The largest form (`application/x-www-form-urlencoded`) the pages take, in bytes.
pub const FORM_LIMIT: usize = 64 * 1024;
/// The largest upload (`multipart/form-data`, a TRF or CSV file with its form), in bytes.
pub const UPLOAD_LIMIT: usize = 8 * 1024 * 1024;
