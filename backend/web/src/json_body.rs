//! JSON request bodies read as strictly as the API document describes them ([`crate::openapi`]),
//! from the same Rust types: an object where the type is a struct (serde alone also takes an
//! array of the fields in order: `[null, null]` for `{"list": null, "seen": null}`), every value
//! of the type the field has (no number for a string, no string for a number), and, on the types
//! marked `#[serde(deny_unknown_fields)]` (documented `additionalProperties: false`), no field
//! the type does not have.
//!
//! [`ApiJson`] is the extractor of the API's bodies; [`from_value`] reads a value already parsed
//! (a merge patch, a body read before its caller's credentials were checked).

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{self, DeserializeOwned, IntoDeserializer, Unexpected, Visitor};
use serde_json::Value;

use crate::error::WebError;
use crate::l10n::Msg;

/// A JSON body of type `T`, read strictly ([`from_value`]). Its size, media type and syntax are
/// checked as [`web::Json`] checks them (the app's [`web::JsonConfig`]: 64 KiB, `413` above).
///
/// # Errors
/// A body that is not `T` as documented: `400` problem+json naming `body`, with serde's words
/// for what is wrong (`invalid type: sequence, expected struct PutPrizes`).
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T> ApiJson<T> {
    /// The body.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for ApiJson<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for ApiJson<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let value = web::Json::<Value>::from_request(req, payload);
        Box::pin(async move {
            let value = value.await?.into_inner();
            Ok(ApiJson(read(&value).map_err(WebError::api)?))
        })
    }
}

/// `value` as a `T`, strictly: a struct only from an object, every field of its own type,
/// unknown fields refused where `T` says so.
///
/// # Errors
/// Where in `value` it went wrong (`list.main[0].amount`, empty at the top) and serde's error
/// naming what was found and what was expected.
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, (String, serde_json::Error)> {
    let path = RefCell::new(Vec::new());
    T::deserialize(Strict { value, path: &path }).map_err(|e| {
        let at = path
            .borrow()
            .iter()
            .map(Step::to_string)
            .collect::<String>();
        (at.strip_prefix('.').unwrap_or(&at).to_owned(), e)
    })
}

/// `value` as a `T` ([`from_value`]), or the `400` naming where it went wrong: the field
/// (`rounds_planned`, `list.bogus`), `body[2].rating` inside a list, `body` for the whole.
///
/// # Errors
/// [`WebError::BadRequest`] naming the field, with serde's words for what is wrong.
pub fn read<T: DeserializeOwned>(value: &Value) -> Result<T, WebError> {
    from_value(value).map_err(|(at, e)| WebError::BadRequest {
        field: match at.as_str() {
            "" => "body".to_owned(),
            _ if at.starts_with('[') => format!("body{at}"),
            _ => at,
        },
        message: Msg::new("bad-request-parse").ltr("detail", e.to_string()),
    })
}

/// One step of the way to a value: a field or an index.
#[derive(Clone, Debug)]
enum Step {
    Field(String),
    Index(usize),
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Field(name) => write!(f, ".{name}"),
            Step::Index(i) => write!(f, "[{i}]"),
        }
    }
}

/// A parsed JSON value as a serde deserializer that reads a struct from an object only; the
/// values inside it are read the same way. `path` is the way to the value being read: when
/// reading fails, it stays at the value that failed.
#[derive(Clone, Copy, Debug)]
struct Strict<'a> {
    value: &'a Value,
    path: &'a RefCell<Vec<Step>>,
}

impl<'a> IntoDeserializer<'a, serde_json::Error> for Strict<'a> {
    type Deserializer = Strict<'a>;

    fn into_deserializer(self) -> Strict<'a> {
        self
    }
}

/// The items of an array or object (`K`: nothing, or the field's name), each taken with its
/// step on the way: taking one puts its step at `depth`; the end takes it away (a missing field
/// is the object's fault, not its last field's).
struct Steps<'a, I> {
    items: I,
    path: &'a RefCell<Vec<Step>>,
    depth: usize,
}

impl<'a, K, I: Iterator<Item = (Step, K, &'a Value)>> Iterator for Steps<'a, I> {
    type Item = (K, Strict<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let next = self.items.next();
        let mut path = self.path.borrow_mut();
        path.truncate(self.depth);
        let (step, key, value) = next?;
        path.push(step);
        Some((
            key,
            Strict {
                value,
                path: self.path,
            },
        ))
    }
}

impl<'a> Strict<'a> {
    fn steps<K, I: Iterator<Item = (Step, K, &'a Value)>>(self, items: I) -> Steps<'a, I> {
        let depth = self.path.borrow().len();
        Steps {
            items,
            path: self.path,
            depth,
        }
    }

    fn map(
        self,
        fields: &'a serde_json::Map<String, Value>,
    ) -> MapDeserializer<'a, impl Iterator<Item = (&'a str, Strict<'a>)>, serde_json::Error> {
        MapDeserializer::new(
            self.steps(
                fields
                    .iter()
                    .map(|(k, v)| (Step::Field(k.clone()), k.as_str(), v)),
            ),
        )
    }
}

/// `f` as an integer when it is one (`3.0`), within `i64`.
fn whole(f: f64) -> Option<i64> {
    // Within ±2^53 every integer is exact in an f64, so the conversion loses nothing.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    #[expect(
        clippy::cast_possible_truncation,
        reason = "whole and within ±2^53: exact"
    )]
    (f.fract() == 0.0 && f.abs() <= EXACT).then_some(f as i64)
}

/// What `value` is, in serde's words.
fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (None, Some(i)) => Unexpected::Signed(i),
            (None, None) => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

impl<'de> de::Deserializer<'de> for Strict<'de> {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => visitor.visit_u64(u),
                (None, Some(i), _) => visitor.visit_i64(i),
                // `12080.0` is the integer 12080 to JSON Schema, so to the document too.
                (None, None, Some(f)) => match whole(f) {
                    Some(i) => visitor.visit_i64(i),
                    None => visitor.visit_f64(f),
                },
                (None, None, None) => {
                    Err(de::Error::invalid_value(unexpected(self.value), &visitor))
                }
            },
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => {
                let mut seq = SeqDeserializer::new(
                    self.steps(
                        items
                            .iter()
                            .enumerate()
                            .map(|(i, v)| (Step::Index(i), (), v)),
                    )
                    .map(|((), v)| v),
                );
                let out = visitor.visit_seq(&mut seq)?;
                seq.end()?;
                Ok(out)
            }
            Value::Object(fields) => {
                let mut map = self.map(fields);
                let out = visitor.visit_map(&mut map)?;
                map.end()?;
                Ok(out)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self.value {
            Value::Object(_) => self.deserialize_any(visitor),
            other => Err(de::Error::invalid_type(unexpected(other), &visitor)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self.value {
            // A unit variant by name; a variant with data as `{"Variant": data}`.
            Value::String(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            Value::Object(fields) if fields.len() == 1 => {
                visitor.visit_enum(de::value::MapAccessDeserializer::new(self.map(fields)))
            }
            other => Err(de::Error::invalid_type(unexpected(other), &visitor)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct seq tuple tuple_struct map identifier
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        code: Option<String>,
        #[serde(default)]
        pair: Option<[u16; 2]>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Outer {
        round: u16,
        inner: Option<Inner>,
        #[serde(default)]
        list: Vec<Inner>,
    }

    #[test]
    fn objects_are_read_as_serde_reads_them() {
        let v =
            json!({"round": 3, "inner": {"code": "H", "pair": [1, 2]}, "list": [{"code": null}]});
        let o: Outer = from_value(&v).unwrap();
        assert_eq!(o.round, 3);
        assert_eq!(o.inner.unwrap().pair, Some([1, 2]));
        assert_eq!(
            o.list,
            vec![Inner {
                code: None,
                pair: None
            }]
        );
        let o: Outer = from_value(&json!({"round": 1, "inner": null})).unwrap();
        assert!(o.inner.is_none() && o.list.is_empty());
        // A whole number written with a fraction is that integer, as in JSON Schema.
        let o: Outer = from_value(&json!({"round": 7.0, "inner": null})).unwrap();
        assert_eq!(o.round, 7);
    }

    #[test]
    fn a_struct_is_never_read_from_an_array() {
        for v in [
            json!([1, null]),
            json!({"round": 1, "inner": [null]}),
            json!({"round": 1, "inner": null, "list": [[null]]}),
        ] {
            let e = from_value::<Outer>(&v).unwrap_err().1.to_string();
            assert!(e.contains("invalid type: sequence"), "{v}: {e}");
        }
    }

    #[test]
    fn a_refusal_names_where_it_is() {
        let at = |v: Value| from_value::<Outer>(&v).unwrap_err().0;
        assert_eq!(at(json!({"round": 1, "inner": {"code": 5}})), "inner.code");
        let v = json!({"round": 1, "inner": null, "list": [{}, {"pair": [1, "x"]}]});
        assert_eq!(at(v), "list[1].pair[1]");
        assert_eq!(at(json!({"round": 1, "inner": null, "bogus": 1})), "bogus");
        // A missing field is the object's fault, not its last field's.
        assert_eq!(at(json!({"inner": {"code": null}})), "");
        assert_eq!(at(json!([1])), "");
        let e = read::<Vec<Outer>>(&json!([{"round": "x", "inner": null}])).unwrap_err();
        assert!(matches!(e, WebError::BadRequest { ref field, .. } if field == "body[0].round"));
    }

    #[test]
    fn types_and_fields_are_as_declared() {
        for (v, says) in [
            (json!({"round": "3", "inner": null}), "invalid type: string"),
            (
                json!({"round": 3.5, "inner": null}),
                "invalid type: floating point",
            ),
            (
                json!({"round": -3.0, "inner": null}),
                "invalid value: integer `-3`",
            ),
            (json!({"round": 70000, "inner": null}), "invalid value"),
            (
                json!({"round": 3, "inner": {"code": 7}}),
                "invalid type: integer",
            ),
            (
                json!({"round": 3, "inner": null, "x": 1}),
                "unknown field `x`",
            ),
            (
                json!({"round": 3, "inner": {"pair": [1, 2, 3]}}),
                "invalid length",
            ),
            (json!({"inner": null}), "missing field `round`"),
            (json!(null), "invalid type: null"),
        ] {
            let e = from_value::<Outer>(&v).unwrap_err().1.to_string();
            assert!(e.contains(says), "{v}: {e}");
        }
    }
}
