//! What runs the product between the requests: the long-running loops over the store.
//!
//! - [`dispatch`]: delivering the outbox through a [`dispatch::Messenger`] (the Discord
//!   adapter's, or a file's), in order per channel, each message shown once.
//! - [`deadlines`]: firing the durable deadlines, round after round, several games at once.
//! - [`outage`]: retrying a task through a database outage with backoff, logged once.
//! - [`retention`]: the retention task's rounds.
//!
//! The store keeps every statement these loops make ([`store::outbox`],
//! [`store::deadline`]); what is here decides when to make them, how many at once and
//! what to do when one fails. Nothing here words anything or knows the platform.

pub mod deadlines;
pub mod dispatch;
pub mod outage;
pub mod retention;
