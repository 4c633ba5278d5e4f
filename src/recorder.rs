//! A messenger to a file: the tests', the simulator's and the worker's stand-in for a
//! platform (`wolfjudge worker --deliver-to FILE`, `wolfjudge script --messages FILE`).

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use runtime::dispatch::{Earlier, Messenger, OutMessage, SendError};

/// A messenger that records every send, duplicates included (a message sent twice is a
/// message shown twice: only the dispatcher may prevent that), optionally appending each to
/// a JSON-lines file, with the sending process's id, so that a test can read what killed
/// processes sent. Its file is its platform: asked about an [`Earlier`] attempt, it looks
/// there for the message's nonce (as the Discord messenger looks in the channel).
#[derive(Debug, Default)]
pub struct Recorder {
    shown: Mutex<Vec<OutMessage>>,
    /// Each nonce sent, with its id (its line in the file, from 1).
    ids: Mutex<HashMap<String, u64>>,
    /// Every send.
    pub sends: Mutex<usize>,
    file: Option<PathBuf>,
}

/// One line of a [`Recorder`]'s file: the message and the process that sent it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Sent {
    #[serde(flatten)]
    pub msg: OutMessage,
    pub process: u32,
}

impl Recorder {
    /// A recorder appending to `file` (and reading what it already holds). Each line is
    /// written before the send returns: once written it is the kernel's, so a process
    /// killed right after loses none (only a crash of the machine could, which no test
    /// makes), and no `fsync` slows every send.
    ///
    /// # Errors
    /// When the file exists but cannot be read.
    pub fn with_file(file: PathBuf) -> std::io::Result<Recorder> {
        Recorder::appending(file)
    }

    /// The same as [`Recorder::with_file`].
    ///
    /// # Errors
    /// When the file exists but cannot be read.
    pub fn appending(file: PathBuf) -> std::io::Result<Recorder> {
        let mut shown = Vec::new();
        let mut ids = HashMap::new();
        if file.exists() {
            for line in std::fs::read_to_string(&file)?.lines() {
                if let Ok(m) = serde_json::from_str::<OutMessage>(line) {
                    shown.push(m.clone());
                    ids.entry(m.nonce).or_insert(shown.len() as u64);
                }
            }
        }
        Ok(Recorder {
            shown: Mutex::new(shown),
            ids: Mutex::new(ids),
            sends: Mutex::new(0),
            file: Some(file),
        })
    }

    /// Every message sent, in the order sent, duplicates included.
    pub fn shown(&self) -> Vec<OutMessage> {
        self.shown.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

impl Messenger for Recorder {
    async fn send(
        &self,
        msg: &OutMessage,
        earlier: Option<Earlier>,
    ) -> Result<Option<u64>, SendError> {
        // A moderation action (a post's lock, a role) is no message: a recorder has no
        // posts or roles, so it is done as soon as it is asked for, and shows nothing.
        if msg.meta.as_ref().is_some_and(|m| m.moderate.is_some()) {
            return Ok(None);
        }
        let mut ids = self.ids.lock().map_err(|e| SendError::new(e.to_string()))?;
        if earlier.is_some() {
            if let Some(id) = ids.get(&msg.nonce) {
                return Ok(Some(*id));
            }
        }
        if let Ok(mut n) = self.sends.lock() {
            *n += 1;
        }
        let mut shown = self
            .shown
            .lock()
            .map_err(|e| SendError::new(e.to_string()))?;
        if let Some(path) = &self.file {
            let sent = Sent {
                msg: msg.clone(),
                process: std::process::id(),
            };
            let mut line =
                serde_json::to_string(&sent).map_err(|e| SendError::new(e.to_string()))?;
            line.push('\n');
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| SendError::new(e.to_string()))?;
            // One write, so that a process killed mid-send leaves no half line.
            f.write_all(line.as_bytes())
                .map_err(|e| SendError::new(e.to_string()))?;
        }
        shown.push(msg.clone());
        let id = shown.len() as u64;
        ids.entry(msg.nonce.clone()).or_insert(id);
        Ok(Some(id))
    }
}
