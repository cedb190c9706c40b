//! Adds to carts, written together: the shop's busiest write. Every add waiting when a batch
//! starts is written in one transaction of a few statements whatever their number: the carts
//! are readied in one (made or touched, which takes their locks), their lines and the items
//! asked for read in one, then the new lines inserted in one and the raised lines set in one.
//! Core's quantity rules decide each add in between, in the order they arrived, on the read
//! as the batch's earlier adds left it.
//!
//! On PostgreSQL each statement is a round trip to the server and back, so writing one add at
//! a time cost five of them (with BEGIN and COMMIT) for one shopper, and PostgreSQL planned the
//! read for every add; a batch pays them once for all the shoppers waiting. On SQLite a batch
//! is one piece of the carts' writer's group ([`Writer::write`]).
//!
//! One task writes the batches, one after another, on both databases: while a batch is
//! written the next one gathers, so under load each batch holds every shopper who arrived in
//! the meantime. Two or four tasks writing at once were measured slower on PostgreSQL
//! (`scripts/bench.sh`, 32 connections: one task 3,339–3,537 adds a second, two 2,963–3,488,
//! four 2,562–2,588): smaller batches pay the planning and the round trips for fewer adds.
//! Within a batch the carts are locked in the order of their ids, the order another process's
//! batch takes them in.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use posy_core::cart::CartId;
use posy_core::quantity;
use sea_orm::sea_query::{Expr, ExprTrait as _, OnConflict, Query};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, QueryTrait,
};
use tokio::sync::{mpsc, oneshot};

use super::{
    Adding, CartError, CartKey, CartView, LineError, PricedLine, Read, lines_and_items, priced,
    refusal, view_of,
};
use crate::cart::holds;
use crate::store::clock::now;
use crate::store::db::Writer;
use crate::store::entities::{cart, cart_item};
use crate::store::rate_limit::Limit;

/// The most adds written in one batch: enough for every shopper waiting at once under heavy
/// load (the bench's 32 connections), few enough that a batch never holds its carts for long
/// and the statements' shapes (one for each number of rows) stay in each connection's cache of
/// prepared statements.
const MOST_IN_A_BATCH: usize = 32;

/// Where the shop's adds queue for their batch.
#[derive(Clone)]
pub struct Adds {
    waiting: mpsc::UnboundedSender<Ask>,
}

/// One shopper's add.
#[derive(Clone)]
struct Add {
    cart_id: CartId,
    /// The shopper's address (as per-address limits count it), for a new cart.
    address: String,
    product_id: i32,
    variation_id: Option<i32>,
    adding: i64,
    media_base: String,
}

/// An add waiting for its batch, and where its answer goes.
struct Ask {
    add: Add,
    answer: oneshot::Sender<Result<CartView, LineError>>,
}

impl Adds {
    /// Starts the task that writes the adds through `writer`; a fresh cart's first add counts
    /// against `new_carts` for its address.
    pub fn start(writer: Writer, key: CartKey, new_carts: Limit) -> Adds {
        let (waiting, queue) = mpsc::unbounded_channel();
        let rules = Rules {
            key,
            new_carts,
            known: Arc::default(),
        };
        tokio::spawn(write_batches(writer, rules, queue));
        Adds { waiting }
    }

    /// Adds `adding` of a product (and size) to a cart, raising its line if it has one, and
    /// answers the cart once the batch it was written in is committed. Refused whole when the
    /// line would pass 10 or the stock, or when it would start a cart and `address` has started
    /// its share of them.
    pub async fn add(
        &self,
        cart_id: CartId,
        address: &str,
        product_id: i32,
        variation_id: Option<i32>,
        adding: i64,
        media_base: &str,
    ) -> Result<CartView, LineError> {
        let (answer, answered) = oneshot::channel();
        let add = Add {
            cart_id,
            address: address.to_owned(),
            product_id,
            variation_id,
            adding,
            media_base: media_base.to_owned(),
        };
        // Unanswered only when the task is gone (the server is stopping).
        let unanswered =
            || LineError::from(DbErr::Custom("the carts' adds were not written".into()));
        self.waiting
            .send(Ask { add, answer })
            .map_err(|_| unanswered())?;
        answered.await.map_err(|_| unanswered())?
    }
}

/// The adds' task: waits for the first add, takes every add waiting by then, writes them as one
/// batch; again until the server stops.
/// What the adds' task checks: which ids the shop made, and how many carts an address may start.
#[derive(Clone)]
struct Rules {
    key: CartKey,
    new_carts: Limit,
    /// Carts this task has seen written, so that only an id it has not seen costs a read of
    /// whether it is new (the first add of a cart; the adds after it are the busiest write).
    /// Forgotten whole past [`KNOWN_AT_MOST`]; a cart forgotten is only read again.
    known: Arc<Mutex<HashSet<CartId>>>,
}

/// How many carts the adds' task remembers as written.
const KNOWN_AT_MOST: usize = 50_000;

impl Rules {
    /// Notes the carts whose adds were answered with the cart: they have their rows.
    fn remember<'a>(&self, written: impl IntoIterator<Item = (&'a Add, bool)>) {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        if known.len() > KNOWN_AT_MOST {
            known.clear();
        }
        known.extend(
            written
                .into_iter()
                .filter(|(_, ok)| *ok)
                .map(|(add, _)| add.cart_id),
        );
    }

    fn knows(&self, id: CartId) -> bool {
        self.known
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&id)
    }
}

async fn write_batches(writer: Writer, key: Rules, mut waiting: mpsc::UnboundedReceiver<Ask>) {
    while let Some(first) = waiting.recv().await {
        let mut batch = vec![first];
        while batch.len() < MOST_IN_A_BATCH {
            match waiting.try_recv() {
                Ok(ask) => batch.push(ask),
                Err(_) => break,
            }
        }
        write_batch(&writer, &key, batch).await;
    }
}

/// Writes a batch and answers each add in it. When the database refuses the batch (a product
/// deleted under it, say), its adds are written again one by one, so that only the add the
/// database refuses fails.
async fn write_batch(writer: &Writer, key: &Rules, batch: Vec<Ask>) {
    let (adds, answers): (Vec<Add>, Vec<_>) = batch.into_iter().map(|a| (a.add, a.answer)).unzip();
    let written = write(writer, key, adds.clone()).await;
    match written {
        Ok(answered) => {
            key.remember(adds.iter().zip(answered.iter().map(Result::is_ok)));
            for (answer, result) in answers.into_iter().zip(answered) {
                let _ = answer.send(result);
            }
        }
        Err(err) if adds.len() == 1 => {
            let answer = answers.into_iter().next().expect("one add");
            let _ = answer.send(Err(err.into()));
        }
        Err(_) => {
            for (add, answer) in adds.into_iter().zip(answers) {
                let alone = match write(writer, key, vec![add.clone()]).await {
                    Ok(mut one) => one.remove(0),
                    Err(err) => Err(err.into()),
                };
                key.remember([(&add, alone.is_ok())]);
                let _ = answer.send(alone);
            }
        }
    }
}

async fn write(
    writer: &Writer,
    key: &Rules,
    adds: Vec<Add>,
) -> Result<Vec<Result<CartView, LineError>>, DbErr> {
    let key = key.clone();
    writer
        .write(move |txn| Box::pin(async move { add_all(txn, &key, &adds).await }))
        .await
}

/// A line as the batch leaves it: one of the cart's, or one it adds.
enum Written {
    Kept(i32),
    Added(usize),
}

/// Writes `adds` on `db` in the order given and answers each: its cart as the batch left it, or
/// why the add was refused (a refused add writes nothing of its own; its cart is still touched,
/// as a visit, and a fresh cart still gets its row, unless its address has started its share of
/// carts: [`unstarted`]).
async fn add_all(
    db: &impl ConnectionTrait,
    rules: &Rules,
    adds: &[Add],
) -> Result<Vec<Result<CartView, LineError>>, DbErr> {
    let now = now();
    let mut ids: Vec<CartId> = adds.iter().map(|add| add.cart_id).collect();
    ids.sort_by_key(|id| id.to_string());
    ids.dedup();
    let refused = unstarted(db, rules, adds, &ids).await?;
    ids.retain(|id| !refused.contains(id));
    let (open, held) = ready_carts(db, &rules.key, &ids, now).await?;
    let open_ids: Vec<CartId> = ids.into_iter().filter(|id| open.contains(id)).collect();
    let mut asked: Vec<(i32, Option<i32>)> = Vec::new();
    for add in adds.iter().filter(|add| open.contains(&add.cart_id)) {
        if !asked.contains(&(add.product_id, add.variation_id)) {
            asked.push((add.product_id, add.variation_id));
        }
    }
    let mut read = if open_ids.is_empty() {
        Default::default()
    } else {
        lines_and_items(db, &open_ids, &asked).await?
    };

    // Each add decided in turn on the lines as the adds before it left them.
    let mut batch = Batch::default();
    let decided: Vec<_> = adds
        .iter()
        .map(|add| {
            if refused.contains(&add.cart_id) {
                return Err(LineError::TooManyCarts {
                    minutes: rules.new_carts.window_minutes(),
                });
            }
            batch.decide(add, &open, &mut read)
        })
        .collect();

    if let Some((first, to)) = batch.raised.iter().next() {
        let line = || Expr::col((cart_item::Entity, cart_item::Column::Id));
        let mut quantity = Expr::case(line().eq(*first), Expr::val(*to as i32));
        for (id, to) in batch.raised.iter().skip(1) {
            quantity = quantity.case(line().eq(*id), Expr::val(*to as i32));
        }
        cart_item::Entity::update_many()
            .col_expr(
                cart_item::Column::Quantity,
                quantity
                    .finally(Expr::col(cart_item::Column::Quantity))
                    .into(),
            )
            .filter(cart_item::Column::Id.is_in(batch.raised.keys().copied()))
            .exec(db)
            .await?;
    }
    let mut new_ids = HashMap::new();
    if !batch.added.is_empty() {
        let mut insert = Query::insert();
        insert.into_table(cart_item::Entity).columns([
            cart_item::Column::CartId,
            cart_item::Column::ProductId,
            cart_item::Column::VariationId,
            cart_item::Column::Quantity,
            cart_item::Column::CreatedAt,
        ]);
        for (cart_id, line) in &batch.added {
            insert.values_panic([
                cart_id.to_string().into(),
                line.product.id.into(),
                line.size.as_ref().map(|s| s.id).into(),
                (line.quantity as i32).into(),
                now.into(),
            ]);
        }
        insert.returning(Query::returning().columns([
            cart_item::Column::Id,
            cart_item::Column::CartId,
            cart_item::Column::ProductId,
            cart_item::Column::VariationId,
        ]));
        // A batch adds at most one line of an item to a cart: that finds each new line's id.
        for row in db.query_all(&insert).await? {
            let line: (String, i32, Option<i32>) = (
                row.try_get("", "cart_id")?,
                row.try_get("", "product_id")?,
                row.try_get("", "variation_id")?,
            );
            new_ids.insert(line, row.try_get::<i32>("", "id")?);
        }
    }
    // A payment's hold ends when its cart's lines change ([`holds`]).
    let changed: Vec<String> = batch
        .written
        .keys()
        .filter(|id| held.contains(*id))
        .map(|id| id.to_string())
        .collect();
    if !changed.is_empty() {
        holds::release(cart::Entity::update_many())
            .filter(cart::Column::Id.is_in(changed))
            .exec(db)
            .await?;
    }

    let mut views: HashMap<CartId, CartView> = HashMap::new();
    Ok(adds
        .iter()
        .zip(decided)
        .map(|(add, decided)| {
            decided?;
            let view = views.entry(add.cart_id).or_insert_with(|| {
                let lines = read.lines.remove(&add.cart_id).unwrap_or_default();
                let mut kept: HashMap<i32, PricedLine> =
                    lines.into_iter().map(|line| (line.id, line)).collect();
                let lines = batch
                    .written
                    .remove(&add.cart_id)
                    .unwrap_or_default()
                    .into_iter()
                    .filter_map(|line| match line {
                        Written::Kept(id) => kept.remove(&id),
                        Written::Added(n) => {
                            let (cart_id, line) = &batch.added[n];
                            let key = (
                                cart_id.to_string(),
                                line.product.id,
                                line.size.as_ref().map(|s| s.id),
                            );
                            Some(PricedLine {
                                id: *new_ids.get(&key)?,
                                ..line.clone()
                            })
                        }
                    })
                    .collect();
                view_of(add.cart_id, lines, &add.media_base)
            });
            Ok(view.clone())
        })
        .collect())
}

/// What a batch's adds change, as they are decided.
#[derive(Default)]
struct Batch {
    /// Each cart's lines in order, as the batch leaves them: only carts an add changes.
    written: HashMap<CartId, Vec<Written>>,
    /// The lines the batch adds, with their carts.
    added: Vec<(CartId, PricedLine)>,
    /// The lines the batch raises, and to how many.
    raised: HashMap<i32, u32>,
}

impl Batch {
    /// Decides one add on the lines as the batch's earlier adds left them (`read`, changed in
    /// place), and records the change.
    fn decide(
        &mut self,
        add: &Add,
        open: &HashSet<CartId>,
        read: &mut Read,
    ) -> Result<(), LineError> {
        if !open.contains(&add.cart_id) {
            return Err(CartError::CartGone.into());
        }
        let offered = read
            .offered(add.product_id, add.variation_id)
            .ok_or(LineError::ProductGone)?;
        let item = Adding::checked(offered, add.variation_id)?;
        let lines = read.lines.entry(add.cart_id).or_default();
        let same = |line: &PricedLine| {
            line.product.id == add.product_id
                && line.size.as_ref().map(|s| s.id) == add.variation_id
        };
        let earlier = lines.iter().position(same);
        let new = self
            .added
            .iter()
            .position(|(cart, line)| *cart == add.cart_id && same(line));
        let in_cart = match (earlier, new) {
            (Some(n), _) => lines[n].quantity,
            (None, Some(n)) => self.added[n].1.quantity,
            (None, None) => 0,
        };
        let quantity = quantity::check_add(in_cart, add.adding, item.stock())
            .map_err(|p| refusal(p, quantity::add_refusal(p, &item.label(), in_cart)))?;
        let order = self
            .written
            .entry(add.cart_id)
            .or_insert_with(|| lines.iter().map(|line| Written::Kept(line.id)).collect());
        match (earlier, new) {
            (Some(n), _) => {
                lines[n].quantity = quantity;
                self.raised.insert(lines[n].id, quantity);
            }
            (None, Some(n)) => self.added[n].1.quantity = quantity,
            (None, None) => {
                let line = cart_item::Model {
                    id: 0,
                    cart_id: add.cart_id.to_string(),
                    product_id: add.product_id,
                    variation_id: add.variation_id,
                    quantity: quantity as i32,
                    created_at: 0,
                };
                order.push(Written::Added(self.added.len()));
                self.added.push((
                    add.cart_id,
                    priced(line, item.product, item.size, item.shelf_hidden),
                ));
            }
        }
        Ok(())
    }
}

/// The batch's fresh carts (ids the shop made, with no row yet) whose address has started its
/// share of carts lately: they are not started. Each one started counts against its address,
/// once (the first add of the batch for it names the address).
async fn unstarted(
    db: &impl ConnectionTrait,
    rules: &Rules,
    adds: &[Add],
    ids: &[CartId],
) -> Result<HashSet<CartId>, DbErr> {
    let made: Vec<String> = ids
        .iter()
        .filter(|id| rules.key.made(**id) && !rules.knows(**id))
        .map(|id| id.to_string())
        .collect();
    if made.is_empty() {
        return Ok(HashSet::new());
    }
    let known: HashSet<String> = cart::Entity::find()
        .select_only()
        .column(cart::Column::Id)
        .filter(cart::Column::Id.is_in(made.iter().cloned()))
        .into_tuple::<String>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut counted = HashSet::new();
    let mut refused = HashSet::new();
    for add in adds {
        let id = add.cart_id.to_string();
        if known.contains(&id) || !made.contains(&id) || !counted.insert(add.cart_id) {
            continue;
        }
        if !rules.new_carts.take(db, &add.address).await? {
            refused.insert(add.cart_id);
        }
    }
    Ok(refused)
}

/// Readies the batch's carts, in the order of their ids, in one statement each kind: a cart
/// this shop made the id of ([`CartKey::fresh`]) gets its row when it has none yet, an open one
/// is touched; other ids are left alone (unknown ones stay unknown). The touch takes each
/// cart's lock (a row lock on PostgreSQL; SQLite's write lock is the writer's already) until
/// the batch commits. Answers the carts that are open, and those of them with a payment's hold.
async fn ready_carts(
    db: &impl ConnectionTrait,
    key: &CartKey,
    ids: &[CartId],
    now: i64,
) -> Result<(HashSet<CartId>, HashSet<CartId>), DbErr> {
    let (made, unknown): (Vec<&CartId>, Vec<&CartId>) = ids.iter().partition(|id| key.made(**id));
    let returning = Query::returning().columns([cart::Column::Id, cart::Column::HeldUntil]);
    let mut rows = Vec::new();
    if !made.is_empty() {
        let mut touch = OnConflict::column(cart::Column::Id);
        touch
            .value(cart::Column::UpdatedAt, Expr::value(now))
            .action_and_where(Expr::col((cart::Entity, cart::Column::OrderedAt)).is_null());
        let mut insert = Query::insert();
        insert.into_table(cart::Entity).columns([
            cart::Column::Id,
            cart::Column::CreatedAt,
            cart::Column::UpdatedAt,
        ]);
        for id in &made {
            insert.values_panic([id.to_string().into(), now.into(), now.into()]);
        }
        insert.on_conflict(touch).returning(returning.clone());
        rows.extend(db.query_all(&insert).await?);
    }
    if !unknown.is_empty() {
        let mut touch = cart::Entity::update_many()
            .col_expr(cart::Column::UpdatedAt, Expr::value(now))
            .filter(cart::Column::Id.is_in(unknown.iter().map(|id| id.to_string())))
            .filter(cart::Column::OrderedAt.is_null())
            .into_query();
        touch.returning(returning);
        rows.extend(db.query_all(&touch).await?);
    }
    let mut open = HashSet::new();
    let mut held = HashSet::new();
    for row in rows {
        let id: String = row.try_get("", "id")?;
        let Some(id) = CartId::parse(&id) else {
            continue;
        };
        open.insert(id);
        if row.try_get::<Option<i64>>("", "held_until")?.is_some() {
            held.insert(id);
        }
    }
    Ok((open, held))
}
