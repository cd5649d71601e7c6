//! Room ids, seat tokens and how they appear in storage and logs: unguessable secrets, stored
//! as hashes, logged as short tags.

use base64::Engine;
use sha2::{Digest, Sha256};

/// A new secret: 128 random bits, base64url without padding (22 characters).
pub fn new_secret() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the system's random source works");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b)
}

/// Compares two secrets without stopping at the first difference.
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// How a seat token is stored: `sha256:` and the SHA-256 of the token in hex. The database
/// (and a copy of it) holds only this, which does not give the seat back.
pub(crate) fn token_hash(token: &str) -> String {
    format!("sha256:{}", hex(&Sha256::digest(token.as_bytes())))
}

/// An idempotency key of room creation is 16 to 128 letters, digits, `-` or `_` (a UUID or
/// another random value of the client's): the creator's seat token of a retried creation is
/// derived from it ([`creator_token`]), so it must be as hard to guess as a token.
pub(crate) fn valid_create_key(key: &str) -> bool {
    (16..=128).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// How an idempotency key is stored with its room: `sha256:` and the hash of the key (in its
/// own domain, so that it is no token's hash).
pub(crate) fn create_key_hash(key: &str) -> String {
    format!("sha256:{}", hex(&Sha256::digest(format!("draughts room creation\n{key}").as_bytes())))
}

/// The creator's seat token of room `id` created with the idempotency key `key`: the same for
/// every retry of the request, so that a retry that lost the first answer still gets the seat
/// (only its hash is stored, as for any token).
pub(crate) fn creator_token(key: &str, id: &str) -> String {
    let digest = Sha256::digest(format!("draughts creator seat\n{key}\n{id}").as_bytes());
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&digest[..16])
}

/// Whether `presented` is the token whose hash is `stored` (compared without stopping early).
pub(crate) fn token_matches(stored: &str, presented: &str) -> bool {
    same_secret(stored, &token_hash(presented))
}

/// The name of a room in logs: the first 8 hex digits of its id's SHA-256, enough to follow
/// one room through a log and useless for entering it.
pub(crate) fn room_tag(id: &str) -> String {
    hex(&Sha256::digest(id.as_bytes())[..4])
}

/// A request path as logged: a room id in it (`/api/rooms/<id>`, `/ws/rooms/<id>`) is
/// replaced by its tag ([`room_tag`]), written `~tag`.
pub fn loggable_path(path: &str) -> String {
    let mut after_rooms = false;
    let parts: Vec<String> = path
        .split('/')
        .map(|part| {
            let hide = after_rooms && !part.is_empty();
            after_rooms = part == "rooms";
            if hide {
                format!("~{}", room_tag(part))
            } else {
                part.to_string()
            }
        })
        .collect();
    parts.join("/")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A room id is 22 base64url characters (128 bits).
pub(super) fn valid_id(id: &str) -> bool {
    id.len() == 22 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bit_base64url() {
        let a = new_secret();
        let b = new_secret();
        assert_eq!(a.len(), 22);
        assert!(valid_id(&a));
        assert_ne!(a, b);
        assert!(same_secret(&a, &a.clone()));
        assert!(!same_secret(&a, &b));
        let stored = token_hash(&a);
        assert!(stored.starts_with("sha256:") && !stored.contains(&a));
        assert!(token_matches(&stored, &a));
        assert!(!token_matches(&stored, &b));
        assert!(!token_matches(&stored, &stored));
        assert_eq!(room_tag(&a).len(), 8);
        assert!(!a.contains(&room_tag(&a)));
        let logged = loggable_path(&format!("/ws/rooms/{a}"));
        assert_eq!(logged, format!("/ws/rooms/~{}", room_tag(&a)));
        assert!(!loggable_path(&format!("/api/rooms/{a}/pdn")).contains(&a));
        assert_eq!(loggable_path("/api/rooms"), "/api/rooms");
        assert_eq!(loggable_path("/api/games/english/move"), "/api/games/english/move");
        assert!(!valid_id("short"));
        assert!(!valid_id("abcdefghijklmnopqrstu/"));
    }
}
