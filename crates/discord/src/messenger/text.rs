//! The texts a message is sent as: cut to Discord's length at line ends, the deadline as a
//! Discord timestamp, the reveal's pictures as captioned messages, and the nonces of the
//! parts.

use super::*;

/// Discord takes at most this many files a message.
pub const MAX_FILES: usize = 10;

/// The reveal's pictures as messages: each a caption (`chart-caption`, numbered when there
/// are several) and at most [`MAX_FILES`] pictures, in order.
pub fn chart_messages(pngs: Vec<Png>, lang: Lang) -> Vec<(String, Vec<Png>)> {
    let mut batches: Vec<Vec<Png>> = Vec::new();
    for png in pngs {
        match batches.last_mut() {
            Some(b) if b.len() < MAX_FILES => b.push(png),
            _ => batches.push(vec![png]),
        }
    }
    let n = batches.len();
    batches
        .into_iter()
        .enumerate()
        .map(|(i, files)| {
            let caption = i18n::text(
                lang,
                "chart-caption",
                &[("part", (i + 1).to_string()), ("parts", n.to_string())],
            );
            (caption, files)
        })
        .collect()
}

/// Discord accepts nonces of at most 25 characters: a hash of ours, per part.
pub(super) fn discord_nonce(nonce: &str, part: usize) -> String {
    let digest = Sha256::digest(format!("{nonce}/{part}").as_bytes());
    hex::encode(digest)[..25].to_string()
}

/// Splits a text into parts Discord accepts ([`MAX_LEN`] characters), in order, at line
/// ends; a single line longer than that is cut inside. Nothing is dropped: the parts
/// concatenate to the text.
pub fn split(text: &str) -> Vec<String> {
    split_within(text, MAX_LEN)
}

/// [`split`] for another limit (an embed's description, say): parts of at most `max`
/// characters (at least one), in order, concatenating to the text.
pub fn split_within(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut cur_len = 0;
    for line in text.split_inclusive('\n') {
        let len = line.chars().count();
        if cur_len + len > max && !cur.is_empty() {
            parts.push(std::mem::take(&mut cur));
            cur_len = 0;
        }
        if len > max {
            let chars: Vec<char> = line.chars().collect();
            let mut chunks = chars.chunks(max).peekable();
            while let Some(chunk) = chunks.next() {
                if chunks.peek().is_some() {
                    parts.push(chunk.iter().collect());
                } else {
                    // The line's tail starts the next part, so what follows can join it.
                    cur = chunk.iter().collect();
                    cur_len = chunk.len();
                }
            }
        } else {
            cur.push_str(line);
            cur_len += len;
        }
    }
    if !cur.is_empty() || parts.is_empty() {
        parts.push(cur);
    }
    parts
}

/// A message's text with the deadline it is about, if any, as a Discord timestamp (shown in
/// each reader's own time zone).
pub fn with_due(body: &str, meta: &Delivery) -> String {
    let mut body = body.to_string();
    if let Some(due) = meta.due {
        let t = due.timestamp();
        body.push_str(&format!("\n⏰ <t:{t}:F> (<t:{t}:R>)"));
    }
    body
}
