//! placeholder, replaced by the tangle helper
