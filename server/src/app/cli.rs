//! The command line: `posy serve` starts the shop, `posy admin` manages its accounts, `posy
//! backup` and `posy restore` copy it whole, `posy check` checks its set-up, `posy openapi`
//! writes the API description.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::accounts::admins::{self, Change, ChangedBy};
use crate::app::config::Config;
use crate::app::startup::Application;

/// Posy: the shop and back office of a floral studio.
#[derive(Parser)]
#[command(name = "posy", version = crate::VERSION)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    #[command(flatten)]
    pub config: Config,
}

#[derive(Subcommand)]
pub enum Command {
    /// Start the shop: migrate the database, add the demo catalogue to an empty one, serve.
    Serve,
    /// Manage the studio's admin accounts (same --data-dir and --database-url as serve).
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Back up the shop while it runs (a consistent copy of the database, then the media) into
    /// one private file; same --data-dir and --database-url as serve. Runs no migration.
    Backup {
        /// A folder (the backup is named by its time, posy-backup-….tar) or a new file.
        #[arg(long)]
        to: PathBuf,
        /// With a folder: keep only its newest N backups, removing older ones.
        #[arg(long, value_name = "N")]
        keep: Option<usize>,
    },
    /// Restore a backup into a new, empty --data-dir (and, for a PostgreSQL backup, a new,
    /// empty database at --database-url); then `posy serve` with the same settings.
    Restore {
        /// The backup file made by `posy backup`.
        file: PathBuf,
    },
    /// The outbox: `posy mail retry --dead` sends every letter given up on again.
    Mail {
        #[command(subcommand)]
        action: MailAction,
    },
    /// A customer's data on request (UK GDPR): her copy as JSON, or erasing it; same
    /// --data-dir and --database-url as serve. Runs no migration.
    Customers {
        #[command(subcommand)]
        action: CustomersAction,
    },
    /// Bring the database up to date as `serve` does when it starts (on SQLite, copying it
    /// first); with --status, only list each migration, applied or not.
    Migrate {
        /// List the migrations, applied or pending; change nothing.
        #[arg(long)]
        status: bool,
    },
    /// Check the shop's set-up without changing anything: what the shop checks at start and
    /// /readyz reports, the mail server's login (no mail sent), the Stripe keys' mode and
    /// Stripe's webhook endpoint for the public URL. Same settings as serve; exits non-zero
    /// when something is wrong.
    Check,
    /// Write the API description as OpenAPI YAML (committed as openapi.yaml).
    Openapi {
        /// Where to write it; `-` for standard output.
        #[arg(long, short, default_value = "openapi.yaml")]
        output: PathBuf,
    },
}

#[derive(Subcommand)]
pub enum MailAction {
    /// Put letters back in the outbox's queue, due at once (the running shop sends them).
    Retry {
        /// Every letter given up on after its tries (the only kind there is to retry by hand:
        /// others are still being tried).
        #[arg(long, required = true)]
        dead: bool,
    },
}

#[derive(Subcommand)]
pub enum CustomersAction {
    /// Print, as JSON, every order, enquiry, reply and letter held for an e-mail address.
    Export {
        /// Her e-mail address (any capitals).
        email: String,
    },
    /// Anonymise her orders (amounts, items, dates, refunds and the postcode district stay),
    /// delete her enquiries, replies and letters (rows and .eml files) and end her order links.
    /// Refused while an order of hers is unfinished.
    Erase {
        /// Her e-mail address (any capitals).
        email: String,
        /// Do not ask before erasing.
        #[arg(long)]
        yes: bool,
    },
}

#[derive(Subcommand)]
pub enum AdminAction {
    /// Make an admin account. The password is read from POSY_ADMIN_PASSWORD when set, else
    /// asked for twice without echo; it is never printed.
    Create {
        /// The name to sign in with.
        #[arg(long)]
        username: String,
    },
    /// End every session of an account, e.g. after a laptop went missing: each of its
    /// browsers must sign in again.
    SignOutAll {
        /// The account's name.
        #[arg(long)]
        username: String,
    },
    /// Disable an account: signed out at once, refused at the sign-in until enabled again.
    /// Never the last account that can sign in. The studio's address is told.
    Disable {
        #[arg(long)]
        username: String,
    },
    /// Enable a disabled account again. The studio's address is told.
    Enable {
        #[arg(long)]
        username: String,
    },
    /// Remove an account and end its sessions. Never the last account that can sign in. The
    /// studio's address is told.
    Remove {
        #[arg(long)]
        username: String,
    },
}

/// Runs the command the shop was started with.
pub async fn run() -> anyhow::Result<()> {
    let matches = Cli::command().get_matches();
    // The shop keeps the studio's address only in its settings: a command that tells it must
    // be given the same, not clap's default.
    let studio_given = matches.value_source("studio_email") != Some(ValueSource::DefaultValue);
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|err| err.exit());
    match cli.command {
        Command::Serve => {
            // Held while the shop runs: dropping it writes out the lines still queued.
            let _log = crate::http::log::init();
            let app = Application::build(cli.config).await?;
            tracing::info!(
                version = crate::VERSION,
                "Posy is open at http://{}",
                app.address()
            );
            app.run_until_stopped().await
        }
        Command::Admin {
            action: AdminAction::Create { username },
        } => {
            let by = by_the_command_line(&cli.config, studio_given)?;
            let password = match std::env::var("POSY_ADMIN_PASSWORD") {
                Ok(password) if !password.is_empty() => password,
                _ => {
                    // Run from a script or a service there is no one to ask: say what to set
                    // rather than the terminal's "No such device or address".
                    anyhow::ensure!(
                        std::io::stdin().is_terminal(),
                        "there is no terminal to ask for the password on: set \
                         POSY_ADMIN_PASSWORD to the new account's password; nothing was made"
                    );
                    let first = rpassword::prompt_password(format!("Password for {username}: "))?;
                    let again = rpassword::prompt_password("The same password again: ")?;
                    anyhow::ensure!(first == again, "the two passwords differ; nothing was made");
                    first
                }
            };
            std::fs::create_dir_all(&cli.config.data_dir)?;
            let db = crate::store::db::connect_beside_shop(&cli.config.database_url()).await?;
            let made = admins::create(&db, &username, &password, &by).await?;
            println!(
                "Made the admin account {}. Sign in at /admin/login.",
                made.username
            );
            Ok(())
        }
        Command::Admin {
            action:
                action @ (AdminAction::Disable { .. }
                | AdminAction::Enable { .. }
                | AdminAction::Remove { .. }),
        } => {
            let (username, what, done) = match action {
                AdminAction::Disable { username } => (username, Change::Disabled, "disabled"),
                AdminAction::Enable { username } => (username, Change::Enabled, "enabled"),
                AdminAction::Remove { username } => (username, Change::Removed, "removed"),
                _ => unreachable!("matched above"),
            };
            let by = by_the_command_line(&cli.config, studio_given)?;
            let db =
                crate::store::db::connect_beside_shop(&existing_database(&cli.config)?).await?;
            let Some(account) = admins::find_by_name(&db, &username).await? else {
                anyhow::bail!("there is no admin called {username}; nothing was changed");
            };
            let txn = crate::store::db::begin_immediate(&db).await?;
            let name = admins::change(&txn, account.id, what, &by).await?;
            txn.commit().await?;
            println!("The admin {name} is {done}; the studio's address is told.");
            Ok(())
        }
        Command::Admin {
            action: AdminAction::SignOutAll { username },
        } => {
            let db =
                crate::store::db::connect_beside_shop(&existing_database(&cli.config)?).await?;
            match crate::accounts::auth::sign_out_all(&db, &username).await? {
                Some(ended) => {
                    println!("Ended {ended} session(s) of {username}.");
                    Ok(())
                }
                None => anyhow::bail!("there is no admin called {username}; nothing was changed"),
            }
        }
        Command::Backup { to, keep } => {
            let made = crate::app::backup::backup(&cli.config, &to, keep).await?;
            println!(
                "Backed up the shop into {} ({} bytes, {} media files).",
                made.file.display(),
                made.bytes,
                made.media_files
            );
            for old in made.removed {
                println!("Removed the older backup {}.", old.display());
            }
            Ok(())
        }
        Command::Restore { file } => {
            let restored = crate::app::backup::restore(
                &file,
                &cli.config.data_dir,
                cli.config.database_url.as_deref(),
            )
            .await?;
            let manifest = restored.manifest;
            println!(
                "Restored the backup made at {} by Posy {} ({} files; media {}) into {}.",
                manifest.made_at,
                manifest.posy_version,
                manifest.files.len(),
                manifest.media,
                cli.config.data_dir.display()
            );
            println!(
                "Start the shop on it with `posy serve` and the same --data-dir and --database-url."
            );
            Ok(())
        }
        Command::Mail {
            action: MailAction::Retry { .. },
        } => {
            let db =
                crate::store::db::connect_beside_shop(&existing_database(&cli.config)?).await?;
            let writer = crate::store::db::Writer::beside_the_shop(db);
            let revived = crate::mail::send_dead_again(&writer).await?;
            println!(
                "{revived} letter(s) given up on are back in the queue: the running shop sends them within seconds."
            );
            Ok(())
        }
        Command::Customers { action } => {
            let db =
                crate::store::db::connect_beside_shop(&existing_database(&cli.config)?).await?;
            let writer = crate::store::db::Writer::beside_the_shop(db);
            let by = crate::store::audit::COMMAND_LINE;
            match action {
                CustomersAction::Export { email } => {
                    let data = crate::api::customers::export(&writer, &email, by)
                        .await
                        .map_err(refused)?;
                    println!("{}", serde_json::to_string_pretty(&data)?);
                }
                CustomersAction::Erase { email, yes } => {
                    if !yes {
                        let answer = ask(&format!(
                            "Erase everything held for {email}? Her orders keep only the money and \
                             the postcode district. Type yes to go on: "
                        ))?;
                        anyhow::ensure!(answer.trim() == "yes", "nothing was erased");
                    }
                    let erased =
                        crate::api::customers::erase(&writer, &cli.config.outbox_dir(), &email, by)
                            .await
                            .map_err(refused)?;
                    println!(
                        "Erased {email}: {} order(s) anonymised, {} enquiry(ies) deleted with their \
                         replies, {} letter(s) deleted ({} file(s)).",
                        erased.orders, erased.enquiries, erased.mail, erased.mail_files
                    );
                }
            }
            Ok(())
        }
        Command::Migrate { status: true } => {
            let all = crate::store::db::migration_status(&cli.config.database_url()).await?;
            let pending = all.iter().filter(|(_, applied)| !applied).count();
            for (name, applied) in &all {
                println!("{} {name}", if *applied { "applied" } else { "PENDING" });
            }
            match pending {
                0 => println!("All {} migrations are applied.", all.len()),
                n => println!(
                    "{n} of {} migrations are pending: `posy serve` (or `posy migrate`) applies them.",
                    all.len()
                ),
            }
            Ok(())
        }
        Command::Migrate { status: false } => {
            let _log = crate::http::log::init();
            crate::store::db::connect(&cli.config.database_url(), cli.config.database_connections)
                .await?;
            println!("The database is up to date.");
            Ok(())
        }
        Command::Check => {
            let found = crate::app::check::check(&cli.config, crate::store::clock::now()).await;
            for finding in &found {
                println!("{finding}");
            }
            let wrong = found.iter().filter(|f| !f.ok).count();
            anyhow::ensure!(wrong == 0, "{wrong} thing(s) to put right (marked ✗ above)");
            println!("Everything checked is as it should be.");
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

/// The shop's database URL for a command that only works on an existing shop: a SQLite file
/// that is not there is a mistyped --data-dir, not a shop to make.
fn existing_database(config: &Config) -> anyhow::Result<String> {
    let url = config.database_url();
    if let Some(path) = crate::store::db::sqlite_file(&url) {
        anyhow::ensure!(
            path.is_file(),
            "there is no shop database at {}: check --data-dir or --database-url",
            path.display()
        );
    }
    Ok(url)
}

/// A customer call's refusal as the command line says it: the same sentence as the back office.
fn refused(err: crate::api::customers::CustomerError) -> anyhow::Error {
    use crate::api::customers::CustomerError;
    match err {
        CustomerError::NotAnAddress => anyhow::anyhow!("that is not an e-mail address"),
        CustomerError::Unfinished(why) => anyhow::anyhow!(why),
        CustomerError::Db(err) => err.into(),
    }
}

/// Asks a question on the terminal and answers the line typed.
fn ask(question: &str) -> anyhow::Result<String> {
    use std::io::Write;
    print!("{question}");
    std::io::stdout().flush()?;
    let mut answer = String::new();
    std::io::stdin().read_line(&mut answer)?;
    Ok(answer)
}

/// Changes made on the command line, told to the studio's address from the settings: refused
/// when none was given, for the default would mail a placeholder, not the studio.
fn by_the_command_line(config: &Config, studio_given: bool) -> anyhow::Result<ChangedBy<'_>> {
    anyhow::ensure!(
        studio_given,
        "POSY_STUDIO_EMAIL is not set, and the change is told to the studio's address: run the \
         command through posy-run (it reads the shop's settings), or give the shop's \
         POSY_STUDIO_EMAIL; nothing was changed"
    );
    Ok(ChangedBy {
        who: crate::store::audit::COMMAND_LINE,
        notify: &config.studio_email,
    })
}
