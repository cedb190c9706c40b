//! The command line: `posy serve` starts the shop, `posy openapi` writes the API description.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::config::Config;
use crate::startup::Application;

/// Posy: the shop and back office of a floral studio.
#[derive(Parser)]
#[command(name = "posy", version)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    config: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Start the shop: migrate the database, add the demo catalogue to an empty one, serve.
    Serve,
    /// Manage the studio's admin accounts (same --data-dir and --database-url as serve).
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Write the API description as OpenAPI YAML (committed as openapi.yaml).
    Openapi {
        /// Where to write it; `-` for standard output.
        #[arg(long, short, default_value = "openapi.yaml")]
        output: PathBuf,
    },
}

#[derive(Subcommand)]
enum AdminAction {
    /// Make an admin account. The password is read from POSY_ADMIN_PASSWORD when set, else
    /// asked for twice without echo; it is never printed.
    Create {
        /// The name to sign in with.
        #[arg(long)]
        username: String,
    },
}

/// Runs the command the shop was started with.
pub async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve => {
            init_logging();
            let app = Application::build(cli.config).await?;
            tracing::info!("Posy is open at http://{}", app.address());
            app.run_until_stopped().await
        }
        Command::Admin {
            action: AdminAction::Create { username },
        } => {
            let password = match std::env::var("POSY_ADMIN_PASSWORD") {
                Ok(password) if !password.is_empty() => password,
                _ => {
                    let first = rpassword::prompt_password(format!("Password for {username}: "))?;
                    let again = rpassword::prompt_password("The same password again: ")?;
                    anyhow::ensure!(first == again, "the two passwords differ; nothing was made");
                    first
                }
            };
            std::fs::create_dir_all(&cli.config.data_dir)?;
            let db = crate::db::connect(&cli.config.database_url()).await?;
            crate::auth::create_admin(&db, &username, &password).await?;
            println!("Made the admin account {username}. Sign in at /admin/login.");
            Ok(())
        }
        Command::Openapi { output } => {
            let yaml = crate::api::spec_yaml();
            if output.as_os_str() == "-" {
                print!("{yaml}");
            } else {
                std::fs::write(&output, yaml)?;
            }
            Ok(())
        }
    }
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn,sea_orm=warn".into());
    tracing_subscriber::fmt().with_env_filter(filter).init();
}
