//! The rules guides the guide pages show: `crates/server/guides.json` in English, whose every
//! diagram and line `tests/guides.rs` checks against the rules crate, and its translations
//! `crates/server/guides/<language>.json` (ru, tr, it, nl, fr), embedded. A translation has the
//! English file's structure with the texts in its language; the positions, moves, results and
//! sources are the English file's own, which `tests/guides.rs` checks for every translation, so
//! the diagrams checked in English are the diagrams every language shows.

use rust_embed::RustEmbed;

/// The guides in English: rules text, worked examples, tactics and mistakes per rule set.
pub const GUIDES_JSON: &str = include_str!("../guides.json");

/// The translations, embedded: `<language>.json`.
#[derive(RustEmbed)]
#[folder = "guides/"]
struct Translations;

/// The languages with a translation of the guides, sorted (English is [`GUIDES_JSON`]).
pub fn languages() -> Vec<String> {
    let mut out: Vec<String> = Translations::iter().filter_map(|f| f.strip_suffix(".json").map(str::to_string)).collect();
    out.sort();
    out
}

/// The guides in `language` (a code such as `ru`), and the language they are in: English for
/// `en`, for no language and for one without a translation.
pub fn in_language(language: Option<&str>) -> (std::borrow::Cow<'static, [u8]>, String) {
    // The embedded files are the whitelist: any other text finds no file.
    match language.and_then(|l| Translations::get(&format!("{l}.json")).map(|f| (f.data, l.to_string()))) {
        Some(found) => found,
        None => (std::borrow::Cow::Borrowed(GUIDES_JSON.as_bytes()), "en".to_string()),
    }
}
