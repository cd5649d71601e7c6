//! A DXP connection: messages over a TCP stream (or any pair of streams), with a log.

use super::message::Message;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A connection speaking DXP.
pub struct Connection {
    reader: BufReader<Box<dyn Read + Send>>,
    writer: Box<dyn Write + Send>,
    /// Every message sent (`>`) and received (`<`), for logs and tests.
    pub log: Vec<String>,
}

impl Connection {
    /// A connection over a TCP stream; reads time out after `timeout`.
    pub fn tcp(stream: TcpStream, timeout: Duration) -> Result<Connection, String> {
        stream.set_read_timeout(Some(timeout)).map_err(|e| e.to_string())?;
        let _ = stream.set_nodelay(true);
        let r = stream.try_clone().map_err(|e| e.to_string())?;
        Ok(Connection { reader: BufReader::new(Box::new(r)), writer: Box::new(stream), log: Vec::new() })
    }

    /// Sends a message.
    pub fn send(&mut self, m: &Message) -> Result<(), String> {
        let text = m.encode();
        self.log.push(format!("> {text}"));
        self.writer.write_all(text.as_bytes()).map_err(|e| format!("send failed: {e}"))?;
        self.writer.write_all(&[0]).map_err(|e| format!("send failed: {e}"))?;
        self.writer.flush().map_err(|e| format!("send failed: {e}"))
    }

    /// Receives the next message; `Ok(None)` when the other side closed the connection.
    pub fn recv(&mut self) -> Result<Option<Message>, String> {
        loop {
            let mut buf = Vec::new();
            let n = self.reader.read_until(0, &mut buf).map_err(|e| format!("receive failed: {e}"))?;
            if n == 0 {
                return Ok(None);
            }
            if buf.last() == Some(&0) {
                buf.pop();
            }
            // Some programs add line ends; ignore empty messages.
            while buf.first().is_some_and(|c| *c == b'\r' || *c == b'\n') {
                buf.remove(0);
            }
            if buf.is_empty() {
                continue;
            }
            self.log.push(format!("< {}", String::from_utf8_lossy(&buf)));
            return Message::decode(&buf).map(Some);
        }
    }
}
