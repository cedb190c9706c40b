//! The `posy` binary: a thin shim over the library so tests can start the same server.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    posy_server::cli::run().await
}
