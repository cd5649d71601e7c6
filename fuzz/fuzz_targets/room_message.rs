//! The rooms protocol's message reader (`rooms::protocol::parse`): any text a client sends in a
//! WebSocket frame gives a message or an error, never a panic, and the error the server would
//! send back is JSON naming the protocol version and an error code.
#![no_main]

use draughts_server::rooms::protocol;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Text frames are UTF-8 (the WebSocket library refuses others before the reader sees them).
    let Ok(text) = std::str::from_utf8(data) else { return };
    match protocol::parse(text) {
        Ok(msg) => {
            let _ = format!("{msg:?}");
        }
        Err(e) => {
            let sent = protocol::error_text(Some("x"), &e);
            let v: serde_json::Value = serde_json::from_str(sent.as_str()).unwrap_or_else(|err| panic!("the error sent back is not JSON ({err}): {sent:?}"));
            assert_eq!(v["type"], "error");
            assert_eq!(v["v"], protocol::VERSION);
            assert!(v["code"].is_string() && v["message"].is_string(), "{v}");
        }
    }
});
