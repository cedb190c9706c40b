//! The `posy` binary: a thin shim over the library so tests can start the same server.

fn main() -> anyhow::Result<()> {
    // Before the runtime's threads start: see posy_server::app::memory.
    posy_server::app::memory::give_back_large_blocks();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(posy_server::app::cli::run())
}
