//! How a shop is configured: flags and environment variables, each explained by `posy --help`.

use std::path::PathBuf;

use clap::Args;

/// Settings for running the shop.
#[derive(Clone, Debug, Args)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(
        long,
        env = "POSY_BIND",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub bind: String,

    /// Folder for the shop's own files: the SQLite database, uploaded media, written mail.
    #[arg(long, env = "POSY_DATA_DIR", default_value = "data", global = true)]
    pub data_dir: PathBuf,

    /// Database to use, e.g. postgres://user@host/posy. Default: the SQLite file
    /// posy.db in the data folder.
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,

    /// Folder of the built web app (index.html and assets), served for every non-API path.
    #[arg(long, env = "POSY_WEB_DIR", default_value = "web/dist", global = true)]
    pub web_dir: PathBuf,

    /// The shop's public address, e.g. https://posy.example, used in links sent by e-mail
    /// and for absolute media URLs. Default: the bind address over http.
    #[arg(long, env = "POSY_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Do not add the demo catalogue to an empty database.
    #[arg(long, env = "POSY_NO_DEMO", global = true)]
    pub no_demo: bool,
}

impl Config {
    /// The database URL, defaulting to the SQLite file in the data folder.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("posy.db").display()
            ),
        }
    }

    /// Where media files live on disk.
    pub fn media_dir(&self) -> PathBuf {
        self.data_dir.join("media")
    }

    /// A configuration for tests and tools: a given data folder, everything else default.
    pub fn for_data_dir(data_dir: PathBuf) -> Config {
        Config {
            bind: "127.0.0.1:0".into(),
            data_dir,
            database_url: None,
            web_dir: PathBuf::from("web/dist"),
            public_url: None,
            no_demo: false,
        }
    }
}
