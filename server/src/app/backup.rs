//! `posy backup` and `posy restore`: the whole shop in one file and back.
//!
//! A backup is a plain tar (the pictures in it are already compressed) holding:
//! - `database/posy.db`, a consistent copy of a SQLite database made with `VACUUM INTO` on a
//!   read connection while the shop runs (a plain copy of a WAL database can be torn), or
//!   `database/posy.pgdump`, `pg_dump`'s custom format for PostgreSQL;
//! - `media/…`, the media folder, copied after the database: a picture uploaded meanwhile is at
//!   worst an orphan file, never a database row without its file. Media kept in an S3 bucket
//!   stay there (the manifest says so; the bucket's own versioning keeps their history);
//! - `manifest.json`, last: Posy's version, the migrations the database has, when it was
//!   made, and each file's size and SHA-256, which the restore checks before it writes
//!   anything in place.
//!
//! The file is private (0600) and appears whole or not at all (written beside, then renamed).
//! Neither command migrates: a restored shop migrates when it starts, as after an upgrade.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufReader, Read, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Component, Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context, bail, ensure};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::app::config::Config;
use crate::store::health::note_last_backup;
use crate::store::{clock, db};

/// What a backup holds; `format` changes only if an older Posy could not restore it.
#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    pub posy_version: String,
    /// When it was made (UTC, ISO 8601).
    pub made_at: String,
    /// `sqlite` or `postgresql`.
    pub database: String,
    /// The migrations the database had, oldest first.
    pub migrations: Vec<String>,
    /// Where the media are: "in this backup", or the bucket that keeps them.
    pub media: String,
    pub files: Vec<Entry>,
}

/// One file of the backup.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct Entry {
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
}

pub const FORMAT: u32 = 1;
const MANIFEST: &str = "manifest.json";
pub const SQLITE_COPY: &str = "database/posy.db";
const POSTGRES_DUMP: &str = "database/posy.pgdump";
/// Backups named by the command when it is given a folder: `--keep` removes only these.
pub const PREFIX: &str = "posy-backup-";

/// What `posy backup` made.
pub struct Made {
    pub file: PathBuf,
    pub bytes: u64,
    pub media_files: usize,
    pub removed: Vec<PathBuf>,
}

/// Backs up the shop `config` describes into `to`: a new file in that folder when it is one
/// (keeping the newest `keep` of the folder's backups), else that file.
pub async fn backup(config: &Config, to: &Path, keep: Option<usize>) -> anyhow::Result<Made> {
    let into_folder = to.is_dir();
    ensure!(
        keep.is_none() || into_folder,
        "--keep needs --to to be a folder, where the backups are kept side by side"
    );
    ensure!(
        keep != Some(0),
        "--keep 0 would remove the backup just made"
    );
    let made_at = clock::now();
    let file = if into_folder {
        // The time in the name sorts the folder's backups oldest first.
        to.join(db::stamped(PREFIX, ".tar"))
    } else {
        to.to_owned()
    };
    ensure!(
        !file.exists(),
        "{} exists already: name a new file or a folder",
        file.display()
    );
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    // The work folder sits beside the backup (same disk, so the rename is atomic) and is
    // private, as everything in it is the shop's data.
    let work = tempfile::Builder::new()
        .prefix(".posy-backup-")
        .tempdir_in(folder)
        .with_context(|| format!("cannot write in {}", folder.display()))?;

    let url = config.database_url();
    let (kind, database_file, migrations) = match db::sqlite_file(&url) {
        Some(path) => {
            let copy = work.path().join("posy.db");
            let migrations = copy_sqlite(&path, &copy).await?;
            ("sqlite", (SQLITE_COPY, copy), migrations)
        }
        None => {
            let dump = work.path().join("posy.pgdump");
            let migrations = dump_postgres(&url, &dump).await?;
            ("postgresql", (POSTGRES_DUMP, dump), migrations)
        }
    };
    let (media, media_files) = match &config.s3_bucket {
        Some(bucket) => (
            format!("in the bucket {bucket}, not in this backup: keep the bucket's versioning on"),
            Vec::new(),
        ),
        None => (
            "in this backup".to_owned(),
            files_under(&config.media_dir())?,
        ),
    };

    let partial = work.path().join("backup.tar");
    let media_count = media_files.len();
    let manifest_base = Manifest {
        format: FORMAT,
        posy_version: crate::VERSION.to_owned(),
        made_at: clock::iso8601(made_at),
        database: kind.to_owned(),
        migrations,
        media,
        files: Vec::new(),
    };
    let media_dir = config.media_dir();
    let bytes = tokio::task::spawn_blocking(move || {
        write_archive(
            &partial,
            manifest_base,
            database_file,
            &media_dir,
            &media_files,
        )?;
        let bytes = fs::metadata(&partial)?.len();
        fs::rename(&partial, &file)?;
        File::open(file.parent().unwrap_or(Path::new(".")))?.sync_all()?;
        Ok::<_, anyhow::Error>((file, bytes))
    })
    .await??;
    let (file, bytes) = bytes;

    let removed = match keep {
        Some(keep) => db::remove_oldest(to, PREFIX, ".tar", keep)?,
        None => Vec::new(),
    };
    note_last_backup(&config.data_dir, made_at, &file, bytes);
    Ok(Made {
        file,
        bytes,
        media_files: media_count,
        removed,
    })
}

/// Copies a live SQLite database with `VACUUM INTO` on a read-only connection (no migration,
/// no write to the shop's file); answers its migrations.
async fn copy_sqlite(path: &Path, copy: &Path) -> anyhow::Result<Vec<String>> {
    ensure!(
        path.is_file(),
        "there is no shop database at {}: check --data-dir or --database-url",
        path.display()
    );
    let db = Database::connect(format!("sqlite://{}?mode=ro", path.display())).await?;
    let migrations = migrations(&db).await?;
    db::vacuum_into(&db, copy)
        .await
        .context("copying the database")?;
    db.close().await?;
    fs::set_permissions(copy, fs::Permissions::from_mode(0o600))?;
    Ok(migrations)
}

/// Dumps a PostgreSQL database with `pg_dump` (custom format); answers its migrations.
async fn dump_postgres(url: &str, dump: &Path) -> anyhow::Result<Vec<String>> {
    let db = Database::connect(url).await?;
    let migrations = migrations(&db).await?;
    db.close().await?;
    run_tool(
        "pg_dump",
        &[
            "--format=custom".as_ref(),
            "--no-owner".as_ref(),
            "--file".as_ref(),
            dump.as_os_str(),
            "--dbname".as_ref(),
            url.as_ref(),
        ],
    )
    .await?;
    Ok(migrations)
}

/// Runs one of PostgreSQL's client tools, saying how to install it when it is missing.
async fn run_tool(tool: &str, args: &[&std::ffi::OsStr]) -> anyhow::Result<()> {
    let output = tokio::process::Command::new(tool)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .await
        .map_err(|err| match err.kind() {
            io::ErrorKind::NotFound => anyhow::anyhow!(
                "{tool} is not installed: on Debian or Ubuntu, `apt install postgresql-client` \
                 (its major version at least the server's)"
            ),
            _ => err.into(),
        })?;
    ensure!(
        output.status.success(),
        "{tool} failed: {}",
        String::from_utf8_lossy(&output.stderr).trim()
    );
    Ok(())
}

/// The migrations a database has, oldest first (none for a database never migrated).
async fn migrations(db: &DatabaseConnection) -> anyhow::Result<Vec<String>> {
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT version FROM seaql_migrations ORDER BY version",
        ))
        .await
        .context("this database has no Posy tables")?;
    Ok(rows
        .iter()
        .map(|row| row.try_get_by_index::<String>(0))
        .collect::<Result<_, _>>()?)
}

/// Every file under `root`, as paths relative to it, sorted (none when it does not exist).
fn files_under(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::new()];
    while let Some(relative) = folders.pop() {
        let entries = match fs::read_dir(root.join(&relative)) {
            Ok(entries) => entries,
            Err(err) if err.kind() == io::ErrorKind::NotFound => continue,
            Err(err) => return Err(err),
        };
        for entry in entries {
            let entry = entry?;
            let kind = entry.file_type()?;
            let path = relative.join(entry.file_name());
            if kind.is_dir() {
                folders.push(path);
            } else if kind.is_file() {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Writes the tar: the database, the media, then the manifest with every file's checksum.
pub fn write_archive(
    at: &Path,
    mut manifest: Manifest,
    (database_name, database_file): (&str, PathBuf),
    media_dir: &Path,
    media: &[PathBuf],
) -> anyhow::Result<()> {
    let out = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(at)?;
    let mut tar = tar::Builder::new(io::BufWriter::new(out));
    let mut add = |name: String, path: &Path| -> anyhow::Result<()> {
        let file = File::open(path).with_context(|| format!("reading {}", path.display()))?;
        let bytes = file.metadata()?.len();
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes);
        header.set_mode(0o600);
        header.set_cksum();
        // Hashed as it is copied, so each file is read once.
        let mut hashing = Hashing::new(BufReader::new(file));
        tar.append_data(&mut header, &name, &mut hashing)?;
        ensure!(
            hashing.read == bytes,
            "{} changed size while it was copied",
            path.display()
        );
        manifest.files.push(Entry {
            path: name,
            bytes,
            sha256: hex::encode(hashing.hash.finalize()),
        });
        Ok(())
    };
    add(database_name.to_owned(), &database_file)?;
    for relative in media {
        let name = format!(
            "media/{}",
            relative
                .to_str()
                .context("a media file's name is not UTF-8")?
        );
        add(name, &media_dir.join(relative))?;
    }
    let json = serde_json::to_vec_pretty(&manifest)?;
    let mut header = tar::Header::new_gnu();
    header.set_size(json.len() as u64);
    header.set_mode(0o600);
    header.set_cksum();
    tar.append_data(&mut header, MANIFEST, json.as_slice())?;
    let mut out = tar.into_inner()?;
    out.flush()?;
    out.into_inner()?.sync_all()?;
    Ok(())
}

/// A reader that hashes what passes through it.
struct Hashing<R> {
    inner: R,
    hash: Sha256,
    read: u64,
}

impl<R: Read> Hashing<R> {
    fn new(inner: R) -> Self {
        Hashing {
            inner,
            hash: Sha256::new(),
            read: 0,
        }
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.update(&buf[..n]);
        self.read += n as u64;
        Ok(n)
    }
}

/// What `posy restore` put back.
pub struct Restored {
    pub manifest: Manifest,
}

/// Restores `file` into `data_dir`, a new or empty folder, and the database at `database_url`
/// (a new, empty PostgreSQL database) when the backup holds a PostgreSQL dump. Refuses to
/// overwrite anything; checks every file against the manifest before putting anything in place.
pub async fn restore(
    file: &Path,
    data_dir: &Path,
    database_url: Option<&str>,
) -> anyhow::Result<Restored> {
    ensure!(file.is_file(), "there is no backup at {}", file.display());
    if data_dir.exists() {
        let mut inside = fs::read_dir(data_dir)
            .with_context(|| format!("{} is not a folder", data_dir.display()))?;
        ensure!(
            inside.next().is_none(),
            "{} is not empty: restore into a new, empty folder (a running shop's folder is never \
             overwritten); nothing was changed",
            data_dir.display()
        );
    }
    let postgres = database_url.filter(|url| db::sqlite_file(url).is_none());
    let sqlite_target = match database_url {
        Some(url) => db::sqlite_file(url),
        None => Some(data_dir.join("posy.db")),
    };
    if let Some(url) = postgres {
        let db = Database::connect(url).await?;
        let tables = db
            .query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()",
            ))
            .await?
            .context("counting the database's tables")?
            .try_get_by_index::<i64>(0)?;
        db.close().await?;
        ensure!(
            tables == 0,
            "the database at --database-url already has tables: restore into a new, empty \
             database; nothing was changed"
        );
    }
    if let Some(target) = &sqlite_target {
        ensure!(
            !target.exists(),
            "{} exists already: restore into a new database file; nothing was changed",
            target.display()
        );
    }

    let made_folder = !data_dir.exists();
    fs::create_dir_all(data_dir).map_err(|err| {
        anyhow::anyhow!(
            "could not make the data folder {}: {}. Make it first (empty, owned by the shop's \
             account), then restore into it",
            data_dir.display(),
            err.kind()
        )
    })?;
    fs::set_permissions(data_dir, fs::Permissions::from_mode(0o700))?;
    let staging = data_dir.join(".restoring");
    let result = put_back(file, data_dir, &staging, postgres, sqlite_target.as_deref()).await;
    let _ = fs::remove_dir_all(&staging);
    if result.is_err() {
        // Leave the folder as it was found: empty, or not there.
        if made_folder {
            let _ = fs::remove_dir_all(data_dir);
        } else if let Ok(entries) = fs::read_dir(data_dir) {
            for entry in entries.flatten() {
                let _ = fs::remove_dir_all(entry.path()).or_else(|_| fs::remove_file(entry.path()));
            }
        }
    }
    result
}

async fn put_back(
    file: &Path,
    data_dir: &Path,
    staging: &Path,
    postgres: Option<&str>,
    sqlite_target: Option<&Path>,
) -> anyhow::Result<Restored> {
    let (file, staging_owned) = (file.to_owned(), staging.to_owned());
    let manifest =
        tokio::task::spawn_blocking(move || unpack_checked(&file, &staging_owned)).await??;
    match (manifest.database.as_str(), postgres) {
        ("sqlite", None) => {
            let target = sqlite_target.context("an in-memory database cannot be restored into")?;
            fs::rename(staging.join(SQLITE_COPY), target)?;
            fs::set_permissions(target, fs::Permissions::from_mode(0o600))?;
        }
        ("postgresql", Some(url)) => {
            run_tool(
                "pg_restore",
                &[
                    "--no-owner".as_ref(),
                    "--no-privileges".as_ref(),
                    // All or nothing: a failed restore leaves the database empty.
                    "--single-transaction".as_ref(),
                    "--exit-on-error".as_ref(),
                    "--dbname".as_ref(),
                    url.as_ref(),
                    staging.join(POSTGRES_DUMP).as_os_str(),
                ],
            )
            .await?;
        }
        ("sqlite", Some(_)) => bail!(
            "this backup holds a SQLite database: restore it without a PostgreSQL --database-url"
        ),
        ("postgresql", None) => bail!(
            "this backup holds a PostgreSQL database: give --database-url of a new, empty database"
        ),
        (other, _) => bail!("this backup's database is {other}, which this Posy does not know"),
    }
    let media = staging.join("media");
    if media.exists() {
        fs::rename(media, data_dir.join("media"))?;
    }
    Ok(Restored { manifest })
}

/// Unpacks the backup into `staging` and checks each file against the manifest: every file
/// listed, of its size and checksum, and nothing else.
pub fn unpack_checked(file: &Path, staging: &Path) -> anyhow::Result<Manifest> {
    fs::create_dir(staging)?;
    fs::set_permissions(staging, fs::Permissions::from_mode(0o700))?;
    let mut archive = tar::Archive::new(BufReader::new(File::open(file)?));
    let mut found = Vec::new();
    let mut manifest = None;
    for entry in archive.entries().context("this is not a Posy backup")? {
        let mut entry = entry.context("this backup is damaged")?;
        let path = entry.path()?.into_owned();
        ensure!(
            path.components().all(|c| matches!(c, Component::Normal(_))),
            "this backup names a file outside its folder ({}): it was not made by Posy",
            path.display()
        );
        let name = path
            .to_str()
            .context("a file name in the backup is not UTF-8")?
            .to_owned();
        if name == MANIFEST {
            let mut json = Vec::new();
            entry.read_to_end(&mut json)?;
            manifest = Some(
                serde_json::from_slice::<Manifest>(&json)
                    .context("this backup's manifest is damaged")?,
            );
            continue;
        }
        let target = staging.join(&path);
        if let Some(parent) = target.parent() {
            // Private like the files in them, whatever the umask of the account restoring.
            fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(parent)?;
        }
        let mut out = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&target)?;
        let mut hashing = Hashing::new(&mut entry);
        io::copy(&mut hashing, &mut out)?;
        found.push(Entry {
            path: name,
            bytes: hashing.read,
            sha256: hex::encode(hashing.hash.finalize()),
        });
    }
    let manifest =
        manifest.context("this backup has no manifest: it was cut short, or not made by Posy")?;
    ensure!(
        manifest.format <= FORMAT,
        "this backup was made by a newer Posy ({}): restore it with that version",
        manifest.posy_version
    );
    for listed in &manifest.files {
        let copy = found.iter().find(|f| f.path == listed.path);
        ensure!(
            copy == Some(listed),
            "{} in this backup is missing or damaged: nothing was restored",
            listed.path
        );
    }
    ensure!(
        found.len() == manifest.files.len(),
        "this backup holds files its manifest does not list: nothing was restored"
    );
    Ok(manifest)
}
