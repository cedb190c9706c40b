//! Connecting to the database: SQLite by default (WAL, a busy timeout, foreign keys), or
//! PostgreSQL when the URL says so; migrations run on every start, one process at a time.
//!
//! Money is recorded on its own connection ([`connect_ledger`]): on SQLite it commits with
//! `synchronous=FULL`, so a paid order the shop has answered for survives a power cut, while
//! cart changes and the like keep the cheaper `NORMAL`.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::Poll;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend,
    DbErr, ExecResult, QueryResult, SqliteTransactionMode, Statement, TransactionOptions,
    TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use tokio::sync::{mpsc, oneshot};

use crate::store::migration::Migrator;

/// How many connections the shop keeps to PostgreSQL unless told otherwise (`Config`'s
/// `database_connections`): with the carts' half as many more, 24 of the server's 100 by
/// default.
pub const POSTGRES_CONNECTIONS: u32 = 16;

/// Opens the database and brings its schema up to date (the shop's own start), with a pool of
/// up to `connections` on PostgreSQL (on SQLite, 8 readers). On SQLite an existing shop's
/// database is first copied beside it (`posy-before-migrating-….db`).
pub async fn connect(url: &str, connections: u32) -> anyhow::Result<DatabaseConnection> {
    open(url, connections, Migrations::Apply).await
}

/// Opens the database for a command run beside a shop (`posy admin …`): a new database is
/// migrated (a shop whose admin is made before its first start), an existing one never, as it
/// belongs to the running shop's version; one that lacks migrations is refused. Two
/// connections on PostgreSQL: a new database's migrations hold their advisory lock on one
/// while they run on the other ([`migrate`]); a command itself uses one at a time.
pub async fn connect_beside_shop(url: &str) -> anyhow::Result<DatabaseConnection> {
    open(url, 2, Migrations::OnlyIfNew).await
}

/// Whether opening may change the database's schema.
#[derive(Clone, Copy, PartialEq)]
enum Migrations {
    Apply,
    OnlyIfNew,
}

async fn open(
    url: &str,
    postgres_connections: u32,
    migrations: Migrations,
) -> anyhow::Result<DatabaseConnection> {
    let connections = if is_sqlite(url) {
        SQLITE_READERS
    } else {
        postgres_connections
    };
    // Two processes opening a new SQLite file at the same moment race to switch it to WAL, and
    // the loser is refused at once ("database is locked"), busy timeout or not: on SQLite the
    // start-up lock is taken before connecting and held through the migrations.
    let _starting = match sqlite_file(url).filter(|_| is_sqlite(url)) {
        Some(path) => Some(lock_start_up(path).await?),
        None => None,
    };
    // Most starts find nothing to migrate: then the pool that asked is the shop's (it has read
    // only the migrations' own table).
    let db = Database::connect(options(url, connections, SqliteSynchronous::Normal)).await?;
    if Migrator::get_pending_migrations_read_only(&db)
        .await?
        .is_empty()
    {
        return Ok(db);
    }
    db.close().await?;
    // The migrations run on connections of their own, closed before the shop's open, so no
    // connection the shop uses has seen a table before a migration changed it (with statements
    // and their columns cached by sqlx): the seed's first `INSERT … RETURNING` on such a pool
    // once answered without a column a migration had just added ("Missing value for column
    // 'version'", one test shop's start in about 300).
    let migrating = Database::connect(options(url, connections, SqliteSynchronous::Normal)).await?;
    migrate(&migrating, url, migrations).await?;
    migrating.close().await?;
    Ok(Database::connect(options(url, connections, SqliteSynchronous::Normal)).await?)
}

/// Waits for, then holds, the lock file beside a SQLite database (`posy.migrating`), which
/// one starting process holds at a time; released when the file is dropped.
async fn lock_start_up(database: PathBuf) -> anyhow::Result<std::fs::File> {
    Ok(tokio::task::spawn_blocking(move || {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(database.with_extension("migrating"))?;
        file.lock()?;
        Ok::<_, std::io::Error>(file)
    })
    .await??)
}

/// The connection that records payments, orders and refunds: on SQLite one connection of its
/// own whose commits reach the disk before they return (`synchronous=FULL`, set when it
/// connects, since SQLite refuses to change it inside a transaction); on PostgreSQL, whose
/// commits always do, the shop's pool.
pub async fn connect_ledger(
    url: &str,
    pool: &DatabaseConnection,
) -> anyhow::Result<DatabaseConnection> {
    if !is_sqlite(url) {
        return Ok(pool.clone());
    }
    Ok(Database::connect(options(url, 1, SqliteSynchronous::Full)).await?)
}

/// The carts' own connections, which only [`Writer`] writes through. On SQLite one
/// connection (`NORMAL`, like the pool): its turns never wait for a pooled connection that
/// readers hold. On PostgreSQL a pool of `connections` whose commits do not wait for
/// the disk (`synchronous_commit = off`, set once when each connects rather than in every
/// transaction): a crash may lose the last moment's cart changes, never corrupt them.
///
/// A batch of cart adds (`Adds`, in the cart) sends lists of carts and products whose length
/// changes the statement's text: each length is prepared once a connection and kept (room for
/// all of them), and planned for its values every time (`plan_cache_mode`). PostgreSQL would
/// otherwise settle on one plan for any values after five runs, and for a list of carts on
/// tables without statistics yet that plan reads every line of every cart (8 ms a batch
/// against 1 ms, and slower as carts grow).
pub async fn connect_writer(url: &str, connections: u32) -> anyhow::Result<DatabaseConnection> {
    let mut options = options(url, 1, SqliteSynchronous::Normal);
    if !is_sqlite(url) {
        options
            .max_connections(connections)
            .map_sqlx_postgres_opts(|o| {
                o.options([
                    ("synchronous_commit", "off"),
                    ("plan_cache_mode", "force_custom_plan"),
                ])
                .statement_cache_capacity(400)
            });
    }
    Ok(Database::connect(options).await?)
}

/// The readers of a SQLite database: its pool, beside the one writing connection.
const SQLITE_READERS: u32 = 8;

/// Where the shop writes: on SQLite one writer at a time, in the order they asked (a fair
/// queue in front of the database, shared by every `Writer` of one database), so waiting
/// writers are served in turn instead of sleeping in SQLite's busy handler and waking late;
/// reads go on beside it on their own connections (WAL). On PostgreSQL, which locks rows, no
/// queue. Nothing slow (a payment provider, password hashing, pictures, files) runs while a
/// turn is held.
///
/// The carts' writes ([`Writer::write`]) are grouped on SQLite: one task, on a thread of its
/// own kept to one CPU ([`carts_thread`]), owns the carts' connection, and in its turn takes
/// every cart write that is waiting and runs them in one transaction, each inside its own
/// savepoint (a refused one undoes only itself), then commits once and answers each. One
/// commit for many writes is what makes SQLite fast under load: a commit's work (the WAL's
/// pages and its index) is paid once per group, and the queue's hand-over and the
/// transaction's BEGIN and COMMIT once per group instead of once per write. Other writers
/// take the queue per transaction ([`Writer::begin`]) or per statement (the writer as a
/// [`ConnectionTrait`]).
///
/// Durability: the carts' writer commits cheaply (SQLite's `NORMAL` on its connection; on
/// PostgreSQL `synchronous_commit = off` on its own pool: a crash may lose the last
/// moment's cart changes, never corrupt them), while the ledger's ([`Writer::beside`], for
/// payments, orders and refunds) waits for the disk (`FULL`; PostgreSQL's default).
#[derive(Clone)]
pub struct Writer {
    db: DatabaseConnection,
    /// The connections [`Writer::write`] runs transactions on when they are not grouped: the
    /// ledger's for [`Writer::beside`]; else on PostgreSQL the carts' own
    /// ([`connect_writer`]), and on SQLite the pool (the carts' own connection belongs to
    /// their thread, [`carts_thread`]). [`Writer::begin`] runs on `db`.
    pub own: DatabaseConnection,
    pub queue: Option<Arc<tokio::sync::Mutex<()>>>,
    /// Where [`Writer::write`] sends its work on SQLite: the task that groups it.
    grouped: Option<mpsc::UnboundedSender<Work>>,
}

/// A write transaction with its turn in the writer's queue, released when it ends.
pub struct Writing {
    /// `None` once committed or rolled back.
    txn: Option<DatabaseTransaction>,
    turn: Option<tokio::sync::OwnedMutexGuard<()>>,
}

/// A write dropped unfinished (an early return) rolls back, keeping its turn until it has.
/// sqlx only queues the rollback on the connection's thread and hands the connection back to
/// the pool still holding SQLite's write lock, so the next turn's BEGIN IMMEDIATE would wait
/// for it in SQLite's busy handler, whose sleeps lengthen to 100 ms on a busy machine.
impl Drop for Writing {
    fn drop(&mut self) {
        let Some(txn) = self.txn.take() else { return };
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let turn = self.turn.take();
            runtime.spawn(async move {
                if let Err(err) = txn.rollback().await {
                    tracing::warn!("a dropped write could not roll back: {err}");
                }
                drop(turn);
            });
        }
    }
}

/// One transaction's worth of work for [`Writer::write`], with whoever asked for it.
trait Piece: Send {
    /// Runs on the transaction (or savepoint) it is given, keeping its answer until the
    /// group's commit says whether it stands.
    fn run<'t>(self: Box<Self>, txn: &'t DatabaseTransaction) -> BoxFuture<'t, Done>;
    /// Answers without running: the group failed before its turn.
    fn fail(self: Box<Self>, err: DbErr);
}

type Work = Box<dyn Piece>;

/// A future that borrows the transaction it writes on.
pub type BoxFuture<'t, T> = Pin<Box<dyn Future<Output = T> + Send + 't>>;

/// What a piece of work left: whether its changes are to be kept, and how to answer whoever
/// asked for it once the group's commit has succeeded or failed.
struct Done {
    keep: bool,
    answer: Box<dyn FnOnce(Result<(), DbErr>) + Send>,
}

/// Work for [`Writer::write`] and where its answer goes.
struct Asked<T, E, W> {
    work: W,
    answer: oneshot::Sender<Result<T, E>>,
    /// Asked by a background task ([`in_background`]), so run as one in the carts' thread.
    background: bool,
}

impl<T, E, W> Piece for Asked<T, E, W>
where
    T: Send + 'static,
    E: From<DbErr> + Send + 'static,
    W: for<'t> FnOnce(&'t DatabaseTransaction) -> BoxFuture<'t, Result<T, E>> + Send + 'static,
{
    fn run<'t>(self: Box<Self>, txn: &'t DatabaseTransaction) -> BoxFuture<'t, Done> {
        let Asked {
            work,
            answer,
            background,
        } = *self;
        Box::pin(async move {
            let result = if background {
                in_background(work(txn)).await
            } else {
                work(txn).await
            };
            Done {
                keep: result.is_ok(),
                answer: Box::new(move |committed| {
                    let _ = answer.send(match committed {
                        Ok(()) => result,
                        Err(err) => Err(E::from(err)),
                    });
                }),
            }
        })
    }

    fn fail(self: Box<Self>, err: DbErr) {
        let _ = self.answer.send(Err(E::from(err)));
    }
}

/// The most writes grouped in one transaction: enough for every shopper waiting at once under
/// heavy load, few enough that one group never holds the database for long.
const MOST_IN_A_GROUP: usize = 64;

impl Writer {
    /// The writers of one database at `url`, whose pool (for reads around a write and the
    /// back office's writes) is `db`: the carts' writes go through connections of their own
    /// ([`connect_writer`]), each statement counted into `statements`. The queue is shared
    /// with [`Writer::beside`]'s.
    pub async fn open(
        db: DatabaseConnection,
        url: &str,
        statements: Arc<AtomicU64>,
    ) -> anyhow::Result<Writer> {
        if db.get_database_backend() != DbBackend::Sqlite {
            // Every cart transaction is a few short statements on one cart's row: half the
            // pool's connections keep the workers fed (8 beside 16 on the 2-core machine).
            let pool = db
                .get_postgres_connection_pool()
                .options()
                .get_max_connections();
            let mut own = connect_writer(url, (pool / 2).max(1)).await?;
            count_statements(&mut own, statements);
            return Ok(Writer {
                db,
                own,
                queue: None,
                grouped: None,
            });
        }
        let queue = Arc::new(tokio::sync::Mutex::new(()));
        let (send, receive) = mpsc::unbounded_channel();
        carts_thread(url.to_owned(), statements, queue.clone(), receive).await?;
        Ok(Writer {
            own: db.clone(),
            db,
            queue: Some(queue),
            grouped: Some(send),
        })
    }

    /// A writer for a process beside the running shop (the command line, a test reading the
    /// shop's database), which has no queue to share: each of its transactions begins
    /// IMMEDIATE ([`begin_immediate`]), waiting for the shop's writer in the busy handler.
    pub fn beside_the_shop(db: DatabaseConnection) -> Writer {
        Writer {
            own: db.clone(),
            db,
            queue: None,
            grouped: None,
        }
    }

    /// A writer through another connection to the same database (the ledger's), taking its
    /// turn in the same queue. Its writes are not grouped: each is its own transaction.
    pub fn beside(&self, db: DatabaseConnection) -> Writer {
        Writer {
            db: db.clone(),
            own: db,
            queue: self.queue.clone(),
            grouped: None,
        }
    }

    /// The connections behind the writer, for reads around a write, which need no turn.
    pub fn pool(&self) -> &DatabaseConnection {
        &self.db
    }

    /// Runs `work` in a transaction of its own, or on SQLite in a savepoint of a group
    /// written together; answers its result once the change is committed. An `Err` from
    /// `work` undoes its changes (and only its), and is answered as it is.
    pub async fn write<T, E, W>(&self, work: W) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<DbErr> + Send + 'static,
        W: for<'t> FnOnce(&'t DatabaseTransaction) -> BoxFuture<'t, Result<T, E>> + Send + 'static,
    {
        let Some(grouped) = &self.grouped else {
            let txn = self.begin_on(&self.own).await?;
            return match work(txn.txn()).await {
                Ok(done) => {
                    txn.commit().await?;
                    Ok(done)
                }
                Err(refused) => {
                    txn.rollback().await?;
                    Err(refused)
                }
            };
        };
        let (answer, answered) = oneshot::channel();
        // Unanswered only when the work panicked (it was undone) or the task is gone.
        let unanswered = || E::from(DbErr::Custom("the carts' writer did not answer".into()));
        if grouped
            .send(Box::new(Asked {
                work,
                answer,
                background: is_background(),
            }))
            .is_err()
        {
            return Err(unanswered());
        }
        answered.await.map_err(|_| unanswered())?
    }

    /// Waits for the writer's turn, then begins a transaction on the shop's connections (the
    /// ledger's for [`Writer::beside`]), whose commits wait for the disk on PostgreSQL: every
    /// write that is not a cart's (the back office's, the outbox's, money) goes this way.
    ///
    /// On SQLite it begins IMMEDIATE, as the writer: a transaction begun DEFERRED reads as a
    /// reader, and when it then writes after another connection has committed it cannot
    /// become the writer (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out), so it failed
    /// with "database is locked". Inside the turn no writer of this process can come between;
    /// a writer outside it (a one-statement write, another process) is waited for at BEGIN.
    /// Nothing may wait for another turn while holding this one: the queue would never move.
    pub async fn begin(&self) -> Result<Writing, DbErr> {
        self.begin_on(&self.db).await
    }

    async fn begin_on(&self, db: &DatabaseConnection) -> Result<Writing, DbErr> {
        let turn = self.turn().await;
        let txn = begin_immediate(db).await?;
        Ok(Writing {
            txn: Some(txn),
            turn,
        })
    }

    async fn turn(&self) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        match &self.queue {
            Some(queue) => Some(queue.clone().lock_owned().await),
            None => None,
        }
    }
}

/// A write transaction for a process with no writer's queue (the command line beside a running
/// shop): on SQLite begun IMMEDIATE, so it takes the write lock at BEGIN, waiting there in the
/// busy handler, and never fails later upgrading a read to a write while the shop writes.
pub async fn begin_immediate(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(immediate()).await
}

/// Starts the carts' writer on SQLite on a thread of its own, kept to one CPU, which opens the
/// carts' connection: SQLite's connection thread (sqlx gives each connection one) starts from
/// it and inherits that CPU. A group's statements are a chain of hand-overs between the two
/// threads, and a hand-over on one CPU is a switch, where between two CPUs it is a wake-up
/// that can wait for an idle CPU to come round (`scripts/bench.sh`: about 6,200 adds a second
/// against 3,700 with the two threads free to move). Answers once connected.
async fn carts_thread(
    url: String,
    statements: Arc<AtomicU64>,
    queue: Arc<tokio::sync::Mutex<()>>,
    waiting: mpsc::UnboundedReceiver<Work>,
) -> anyhow::Result<()> {
    let (connected, is_connected) = oneshot::channel();
    std::thread::Builder::new()
        .name("posy-carts".into())
        .spawn(move || {
            keep_to_one_cpu();
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(runtime) => runtime,
                Err(err) => {
                    let _ = connected.send(Err(anyhow::Error::from(err)));
                    return;
                }
            };
            runtime.block_on(async move {
                let mut own = match connect_writer(&url, 1).await {
                    Ok(own) => own,
                    Err(err) => {
                        let _ = connected.send(Err(err));
                        return;
                    }
                };
                count_statements(&mut own, statements);
                let _ = connected.send(Ok(()));
                write_groups(own, queue, waiting).await;
            });
        })?;
    is_connected
        .await
        .map_err(|_| anyhow::anyhow!("the carts' writer did not start"))?
}

/// Keeps the calling thread (and the threads it starts) to the last CPU it may run on.
fn keep_to_one_cpu() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: the CPU sets are plain bit masks, sized as the calls are told.
    unsafe {
        let mut allowed: libc::cpu_set_t = std::mem::zeroed();
        let size = std::mem::size_of::<libc::cpu_set_t>();
        if libc::sched_getaffinity(0, size, &mut allowed) != 0 {
            return;
        }
        let Some(cpu) = (0..libc::CPU_SETSIZE as usize)
            .rev()
            .find(|&cpu| libc::CPU_ISSET(cpu, &allowed))
        else {
            return;
        };
        let mut one: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut one);
        libc::sched_setaffinity(0, size, &one);
    }
}

/// The carts' writer on SQLite: waits for work, takes its turn in the queue, then writes all
/// the work waiting by then as one group ([`write_group`]). Ends when every [`Writer`] that
/// could send it work is gone.
async fn write_groups(
    db: DatabaseConnection,
    queue: Arc<tokio::sync::Mutex<()>>,
    mut waiting: mpsc::UnboundedReceiver<Work>,
) {
    while let Some(first) = waiting.recv().await {
        let turn = queue.lock().await;
        // What arrived while the turn was awaited joins the group.
        let mut group = vec![first];
        while group.len() < MOST_IN_A_GROUP {
            match waiting.try_recv() {
                Ok(work) => group.push(work),
                Err(_) => break,
            }
        }
        let (done, committed) = write_group(&db, group).await;
        drop(turn);
        for done in done {
            (done.answer)(committed.clone());
        }
    }
}

/// Writes a group in one transaction: each piece of work in a savepoint of its own when there
/// are several, kept or undone as it says, then one commit. Answers what each piece left and
/// whether the commit succeeded; a failure of the transaction itself (BEGIN, a savepoint, the
/// commit) fails the whole group, since none of it was written.
async fn write_group(db: &DatabaseConnection, group: Vec<Work>) -> (Vec<Done>, Result<(), DbErr>) {
    // IMMEDIATE: the write lock is taken at BEGIN (a writer outside the queue, another
    // process say, is waited for there), so no statement of the group finds it taken.
    let txn = match db.begin_with_options(immediate()).await {
        Ok(txn) => txn,
        Err(err) => {
            fail_all(group, &err);
            return (Vec::new(), Err(err));
        }
    };
    if group.len() == 1 {
        // Alone, the transaction is its savepoint.
        let work = group.into_iter().next().expect("a group of one");
        let alone = run(work, &txn).await;
        let ended = if alone.keep {
            txn.commit().await
        } else {
            txn.rollback().await
        };
        return (vec![alone], ended);
    }
    // Each piece runs in the savepoint `piece`. Ending one and starting the next is one
    // statement sent to the connection ("RELEASE piece; SAVEPOINT piece"): each statement is
    // a hand-over to the connection's own thread and back, which costs more than SQLite's
    // work for a savepoint.
    if let Err(err) = txn.execute_unprepared("SAVEPOINT piece").await {
        fail_all(group, &err);
        return (Vec::new(), Err(err));
    }
    let mut done = Vec::with_capacity(group.len());
    let mut pieces = group.into_iter().peekable();
    while let Some(work) = pieces.next() {
        let piece = run(work, &txn).await;
        let end = if piece.keep {
            "RELEASE piece"
        } else {
            "ROLLBACK TO piece; RELEASE piece"
        };
        let next = if pieces.peek().is_some() {
            "; SAVEPOINT piece"
        } else {
            ""
        };
        done.push(piece);
        if let Err(err) = txn.execute_unprepared(&format!("{end}{next}")).await {
            fail_all(pieces, &err);
            return (done, Err(err));
        }
    }
    let committed = txn.commit().await;
    (done, committed)
}

/// Runs a piece of work; one that panics is undone and fails alone (its waiter is told so when
/// its answer is dropped), instead of taking the carts' writer down with it.
async fn run(work: Work, txn: &DatabaseTransaction) -> Done {
    let mut running = work.run(txn);
    let finished = std::future::poll_fn(|cx| {
        match std::panic::catch_unwind(AssertUnwindSafe(|| running.as_mut().poll(cx))) {
            Ok(Poll::Ready(done)) => Poll::Ready(Some(done)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(_) => Poll::Ready(None),
        }
    })
    .await;
    finished.unwrap_or_else(|| {
        tracing::error!("a cart write panicked; it was undone");
        Done {
            keep: false,
            answer: Box::new(|_| {}),
        }
    })
}

/// A write transaction's options: on SQLite it takes the write lock at BEGIN (IMMEDIATE);
/// PostgreSQL ignores the mode.
fn immediate() -> TransactionOptions {
    TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..TransactionOptions::default()
    }
}

/// Answers work that was not written, since its group failed, with the group's error.
fn fail_all(group: impl IntoIterator<Item = Work>, err: &DbErr) {
    for work in group {
        work.fail(err.clone());
    }
}

impl Writing {
    fn txn(&self) -> &DatabaseTransaction {
        self.txn
            .as_ref()
            .expect("a write is used only until it ends")
    }

    pub async fn commit(mut self) -> Result<(), DbErr> {
        let txn = self.txn.take().expect("a write ends once");
        txn.commit().await
    }

    pub async fn rollback(mut self) -> Result<(), DbErr> {
        let txn = self.txn.take().expect("a write ends once");
        txn.rollback().await
    }

    /// A savepoint inside this write: what is done on it is kept only if it commits.
    pub async fn savepoint(&self) -> Result<DatabaseTransaction, DbErr> {
        self.txn().begin().await
    }
}

#[sea_orm::prelude::async_trait::async_trait]
impl ConnectionTrait for Writing {
    fn get_database_backend(&self) -> DbBackend {
        self.txn().get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.txn().execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.txn().execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.txn().query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.txn().query_all_raw(stmt).await
    }

    fn support_returning(&self) -> bool {
        self.txn().support_returning()
    }
}

/// One statement on its own, in the writer's turn.
#[sea_orm::prelude::async_trait::async_trait]
impl ConnectionTrait for Writer {
    fn get_database_backend(&self) -> DbBackend {
        self.db.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        let _turn = self.turn().await;
        self.db.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        let _turn = self.turn().await;
        self.db.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        let _turn = self.turn().await;
        self.db.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        let _turn = self.turn().await;
        self.db.query_all_raw(stmt).await
    }

    fn support_returning(&self) -> bool {
        self.db.support_returning()
    }
}

/// Counts every statement run through `db` (and its transactions) into `counter`, but for a
/// background task's ([`in_background`]): a test measures a call's statements with it, so
/// their number cannot grow unnoticed, and the outbox or the refunds' retrier looking in every
/// couple of seconds during a slow call must not count as the call's.
pub fn count_statements(db: &mut DatabaseConnection, counter: Arc<AtomicU64>) {
    db.set_metric_callback(move |_| {
        if !is_background() {
            counter.fetch_add(1, Ordering::Relaxed);
        }
    });
}

tokio::task_local! {
    /// Set for a background task's work: see [`in_background`].
    static IN_BACKGROUND: ();
}

/// Runs a background task (the outbox, the sweepers, a video's conversion): the statements it
/// runs, here or in the carts' writer, are not counted as a request's ([`count_statements`]).
/// A task spawned from it is not background unless it is run through this again.
pub fn in_background<F: Future>(work: F) -> impl Future<Output = F::Output> {
    IN_BACKGROUND.scope((), work)
}

fn is_background() -> bool {
    IN_BACKGROUND.try_with(|_| ()).is_ok()
}

fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

/// How much of a SQLite database file is read through a memory mapping (256 MiB).
const MMAP_SIZE: u64 = 256 * 1024 * 1024;

/// A pool of up to `connections` to the database at `url`.
pub fn options(url: &str, connections: u32, synchronous: SqliteSynchronous) -> ConnectOptions {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .sqlx_logging(false)
        .connect_timeout(Duration::from_secs(10))
        .max_connections(connections)
        .map_sqlx_sqlite_opts(move |o| {
            // WAL lets readers go on while one writer commits; writers wait (busy timeout)
            // rather than fail at once when another holds the lock.
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(synchronous)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
                // The database file is read through memory it is mapped into, not copied
                // into each connection's page cache: under writes, every other connection's
                // cache is dropped at each commit and read again, which was about a tenth of
                // the server's time for cart writes. The mapping reserves address space, not
                // memory; the kernel's file cache is shared by every connection.
                .pragma("mmap_size", MMAP_SIZE.to_string())
        });
    // sqlx pings a pooled connection before every use by default: a second round trip per
    // statement, which made up about a third of a cart read's time. A SQLite file cannot drop
    // its connection; a PostgreSQL one can (a restart, a proxy), and is pinged only after
    // sitting idle.
    if is_sqlite(url) {
        options.test_before_acquire(false);
    } else {
        options.test_before_acquire_if_idle_for(Duration::from_secs(30));
    }
    options
}

/// Runs the migrations while holding a lock that a second process starting at the same time
/// waits for: an advisory lock on PostgreSQL; on SQLite, the caller's start-up lock file.
async fn migrate(db: &DatabaseConnection, url: &str, migrations: Migrations) -> anyhow::Result<()> {
    if is_sqlite(url) {
        // A file's start-up lock is held by the caller (see `connect`); a database in memory
        // cannot be shared.
        return migrate_now(db, url, migrations).await;
    }
    let guard = db.begin().await?;
    // 0x506f7379 is "Posy": any number, the same in every process of the shop.
    guard
        .execute_unprepared("SELECT pg_advisory_xact_lock(1349481337)")
        .await?;
    let migrated = migrate_now(db, url, migrations).await;
    guard.commit().await?;
    migrated
}

/// Applies what is pending, if `migrations` allows it; on SQLite an existing shop's database
/// is copied first, so an upgrade that goes wrong can be undone by putting the copy back.
async fn migrate_now(
    db: &DatabaseConnection,
    url: &str,
    migrations: Migrations,
) -> anyhow::Result<()> {
    let pending = Migrator::get_pending_migrations_read_only(db).await?.len();
    if pending == 0 {
        return Ok(());
    }
    let new = pending == Migrator::migrations().len();
    if !new {
        anyhow::ensure!(
            migrations == Migrations::Apply,
            "this posy ({}) is newer than the shop's database, which lacks {pending} \
             migration(s): upgrade the running shop first (restart it with this version), then \
             run this again; nothing was changed",
            crate::VERSION
        );
        if let Some(path) = sqlite_file(url) {
            let copy = copy_before_migrating(db, &path).await?;
            tracing::info!(copy = %copy.display(), pending, "copied the database before migrating it");
        }
    }
    Ok(Migrator::up(db, None).await?)
}

/// How many copies made before migrating are kept beside the database.
const COPIES_KEPT: usize = 3;

/// `VACUUM INTO` a copy beside the database, keeping the newest [`COPIES_KEPT`].
async fn copy_before_migrating(
    db: &DatabaseConnection,
    path: &std::path::Path,
) -> anyhow::Result<PathBuf> {
    const PREFIX: &str = "posy-before-migrating-";
    let folder = path.parent().unwrap_or(std::path::Path::new("."));
    let copy = folder.join(stamped(PREFIX, ".db"));
    vacuum_into(db, &copy).await?;
    remove_oldest(folder, PREFIX, ".db", COPIES_KEPT)?;
    Ok(copy)
}

/// A consistent copy of a SQLite database in the new file `copy`, while others go on writing:
/// `VACUUM INTO`, which reads in one transaction (a plain copy of a WAL database can be torn).
pub async fn vacuum_into(db: &DatabaseConnection, copy: &std::path::Path) -> anyhow::Result<()> {
    let target = copy
        .to_str()
        .ok_or_else(|| anyhow::anyhow!("the path {} is not UTF-8", copy.display()))?;
    db.execute_unprepared(&format!("VACUUM INTO '{}'", target.replace('\'', "''")))
        .await?;
    Ok(())
}

/// A copy's file name for now, `{prefix}20261201T023012Z{suffix}`: by name, oldest first.
pub fn stamped(prefix: &str, suffix: &str) -> String {
    let stamp = crate::store::clock::iso8601(crate::store::clock::now()).replace([':', '-'], "");
    format!("{prefix}{stamp}{suffix}")
}

/// Removes the oldest of a folder's files named `{prefix}…{suffix}` (see [`stamped`]) past the
/// newest `keep`; answers what it removed. Other files are left alone.
pub fn remove_oldest(
    folder: &std::path::Path,
    prefix: &str,
    suffix: &str,
    keep: usize,
) -> std::io::Result<Vec<PathBuf>> {
    let mut copies: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(suffix))
        })
        .collect();
    copies.sort();
    let excess = copies.len().saturating_sub(keep);
    let removed: Vec<PathBuf> = copies.drain(..excess).collect();
    for old in &removed {
        std::fs::remove_file(old)?;
    }
    Ok(removed)
}

/// One connection to an existing shop's database that changes nothing as it opens (no
/// migration, no new SQLite file): `posy migrate --status` and `posy check`.
pub async fn connect_to_look(url: &str) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_file(url) {
        anyhow::ensure!(
            path.is_file(),
            "there is no shop database at {}",
            path.display()
        );
    }
    Ok(Database::connect(options(url, 1, SqliteSynchronous::Normal)).await?)
}

/// Each migration the database has (`applied`) or lacks, in order: `posy migrate --status`.
pub async fn migration_status(url: &str) -> anyhow::Result<Vec<(String, bool)>> {
    let db = connect_to_look(url).await?;
    let pending: Vec<String> = Migrator::get_pending_migrations_read_only(&db)
        .await?
        .iter()
        .map(|m| m.name().to_owned())
        .collect();
    db.close().await?;
    Ok(Migrator::migrations()
        .iter()
        .map(|m| (m.name().to_owned(), !pending.iter().any(|p| p == m.name())))
        .collect())
}

/// The database file of a SQLite URL; `None` for an in-memory database or another kind.
pub fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next()?;
    (!path.is_empty() && !path.starts_with(":memory:")).then(|| PathBuf::from(path))
}
