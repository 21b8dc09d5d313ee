//! mdBook's warnings and errors, printed and counted.
//!
//! mdBook reports through `tracing`; with no subscriber its messages vanish, among them a failed
//! `{{#include}}`, which mdBook leaves in the page as written and does not fail on. This small
//! subscriber prints warnings and errors and counts the errors, so the weave can fail the build
//! on them. (Why not `tracing-subscriber`: a crate's worth of compile time for forty lines.)

use std::fmt::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Metadata, Subscriber, span};

static ERRORS: AtomicUsize = AtomicUsize::new(0);

/// Starts printing mdBook's warnings and errors.
pub fn install() {
    let _ = tracing::subscriber::set_global_default(Log);
}

/// How many errors mdBook has reported so far.
pub fn errors() -> usize {
    ERRORS.load(Ordering::Relaxed)
}

struct Log;

impl Subscriber for Log {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        *metadata.level() <= Level::WARN
    }

    fn event(&self, event: &Event<'_>) {
        let level = *event.metadata().level();
        if level == Level::ERROR {
            ERRORS.fetch_add(1, Ordering::Relaxed);
        }
        let mut message = String::new();
        event.record(&mut Message(&mut message));
        let level = if level == Level::ERROR { "error" } else { "warning" };
        eprintln!("mdbook: {level}: {message}");
    }

    // Spans carry nothing we print.
    fn new_span(&self, _: &span::Attributes<'_>) -> span::Id {
        span::Id::from_u64(1)
    }
    fn record(&self, _: &span::Id, _: &span::Record<'_>) {}
    fn record_follows_from(&self, _: &span::Id, _: &span::Id) {}
    fn enter(&self, _: &span::Id) {}
    fn exit(&self, _: &span::Id) {}
}

/// Writes an event's fields: the message first as it is, then any others as `name=value`.
struct Message<'a>(&'a mut String);

impl Visit for Message<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        let _ = if field.name() == "message" {
            write!(self.0, "{value:?}")
        } else {
            write!(self.0, " {}={value:?}", field.name())
        };
    }
}
