//! What a stranger's connection may take: bodies read only up to their route's limit, however
//! they are sent (with a Content-Length, chunked, or over HTTP/2 without one), a bounded number
//! of connections in all and from each address, a deadline for the first request's head, so a
//! client that connects and sends nothing (or a byte at a time) cannot hold a connection for
//! ever, and an end to connections idle for long. The heads of the requests after the first
//! have their own deadline in [`crate::http::serve`] (hyper's, which parses them).
//!
//! The cap per address counts the socket's own address (an IPv6 address by its /64, as every
//! per-address limit counts it), except the `--trusted-proxies`', whose connections carry many
//! visitors: without it one address's idle keep-alive sockets could take every connection
//! the shop serves at once and lock the next visitor out.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::{Body as HttpBody, Frame, SizeHint};
use poem::http::{Method, StatusCode, header};
use poem::listener::Acceptor;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Body, Request};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};

use crate::http::proxies::{Network, address_key};

/// The largest JSON body the API reads.
pub const MAX_JSON_BYTES: usize = 1024 * 1024;

/// Reads an API call's body into memory up to [`MAX_JSON_BYTES`] (413 past it), so a body
/// without a Content-Length is counted rather than trusted. An upload (`upload_limit` given:
/// how large it may be) is streamed by its own payload, which counts as it goes; only a
/// declared length past its limit is refused here.
pub async fn read_body(mut req: Request, upload_limit: Option<u64>) -> poem::Result<Request> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(req);
    }
    let limit = upload_limit.unwrap_or(MAX_JSON_BYTES as u64);
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large());
    }
    if upload_limit.is_some() {
        return Ok(req);
    }
    let bytes = req
        .take_body()
        .into_bytes_limit(MAX_JSON_BYTES)
        .await
        .map_err(|err| match err {
            poem::error::ReadBodyError::PayloadTooLarge => too_large(),
            other => other.into(),
        })?;
    req.set_body(Body::from(bytes));
    Ok(req)
}

fn too_large() -> poem::Error {
    poem::Error::from_status(StatusCode::PAYLOAD_TOO_LARGE)
}

/// How many connections may be open, in all and from one address, and how long they may take.
#[derive(Clone, Debug)]
pub struct Guards {
    /// Connections open at once, in all.
    pub connections: usize,
    /// Connections open at once from one address (not a trusted proxy's).
    pub per_address: usize,
    /// The proxies whose connections are not capped per address.
    pub trusted_proxies: Vec<Network>,
    /// How long a new connection has to send its first request's head.
    pub first_request: Duration,
    /// How long a connection may send and receive nothing before it is closed.
    pub idle: Duration,
}

/// Accepts connections only while fewer than `guards.connections` are open (a permit held by
/// each) and fewer than `guards.per_address` from the connecting address (one more from it is
/// closed at once), and gives each its deadlines.
pub struct Guarded<A> {
    inner: A,
    permits: Arc<Semaphore>,
    open: Arc<Mutex<HashMap<String, usize>>>,
    guards: Guards,
}

impl<A> Guarded<A> {
    /// `inner`'s connections, within `guards`.
    pub fn new(inner: A, guards: Guards) -> Guarded<A> {
        Guarded {
            inner,
            permits: Arc::new(Semaphore::new(guards.connections.max(1))),
            open: Arc::default(),
            guards,
        }
    }

    /// A slot for one more connection from `remote`, or `None` when its address has its share.
    fn slot_for(&self, remote: &RemoteAddr) -> Option<Option<AddressSlot>> {
        let Some(ip) = remote.as_socket_addr().map(|a| a.ip()) else {
            return Some(None);
        };
        if self
            .guards
            .trusted_proxies
            .iter()
            .any(|net| net.contains(ip))
        {
            return Some(None);
        }
        let key = address_key(ip);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(key.clone()).or_insert(0);
        if *count >= self.guards.per_address.max(1) {
            return None;
        }
        *count += 1;
        Some(Some(AddressSlot {
            open: self.open.clone(),
            key,
        }))
    }
}

/// One connection counted against its address, given back when the connection closes.
pub struct AddressSlot {
    open: Arc<Mutex<HashMap<String, usize>>>,
    key: String,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl<A: Acceptor> Acceptor for Guarded<A> {
    type Io = GuardedIo<A::Io>;

    fn local_addr(&self) -> Vec<LocalAddr> {
        self.inner.local_addr()
    }

    async fn accept(
        &mut self,
    ) -> io::Result<(Self::Io, LocalAddr, RemoteAddr, poem::http::uri::Scheme)> {
        // Waiting here leaves further connections in the kernel's queue until one closes.
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(io::Error::other)?;
        loop {
            let (io, local, remote, scheme) = self.inner.accept().await?;
            let Some(slot) = self.slot_for(&remote) else {
                // Closed unread: the address already has its share of the shop's connections.
                tracing::debug!(%remote, "closed a connection past its address's share");
                drop(io);
                continue;
            };
            let io = GuardedIo::new(
                io,
                permit,
                slot,
                Some(self.guards.first_request),
                self.guards.idle,
            );
            return Ok((io, local, remote, scheme));
        }
    }
}

/// A connection holding its permit and its address's slot, with a deadline until the end of
/// its first request's head (the blank line after the headers; HTTP/2's preface ends with one
/// too), and one for being idle.
pub struct GuardedIo<T> {
    inner: T,
    _permit: OwnedSemaphorePermit,
    _slot: Option<AddressSlot>,
    deadline: Option<Pin<Box<Sleep>>>,
    /// How much of `\r\n\r\n` the bytes read so far end with.
    matched: usize,
    idle: Duration,
    /// When bytes last went either way.
    last_active: Instant,
    idle_timer: Pin<Box<Sleep>>,
    owed: Owed,
}

impl<T> GuardedIo<T> {
    /// A connection holding its place (`permit`, and its address's `slot`), given
    /// `first_request` to send its first request's head (none: no deadline) and closed once
    /// `idle` that long.
    pub fn new(
        inner: T,
        permit: OwnedSemaphorePermit,
        slot: Option<AddressSlot>,
        first_request: Option<Duration>,
        idle: Duration,
    ) -> Self {
        let now = Instant::now();
        GuardedIo {
            inner,
            _permit: permit,
            _slot: slot,
            deadline: first_request.map(|wait| Box::pin(tokio::time::sleep(wait))),
            matched: 0,
            idle,
            last_active: now,
            idle_timer: Box::pin(tokio::time::sleep_until(now + idle)),
            owed: Owed::default(),
        }
    }
}

/// The requests on one connection the shop has read whole and not yet answered. While there
/// are any the silence is the shop's (a picture being converted on a busy machine took more
/// than a minute), so the connection is not idle; a request whose body has stopped coming is
/// not counted, and its sender is still closed out when idle.
#[derive(Clone, Default)]
pub struct Owed(Arc<AtomicUsize>);

impl Owed {
    /// One request's turn; counted from when [`Turn::received`] says it is all in until the
    /// last clone of it is dropped.
    pub fn turn(&self) -> Arc<Turn> {
        Arc::new(Turn {
            owed: self.0.clone(),
            received: AtomicBool::new(false),
        })
    }

    fn any(&self) -> bool {
        self.0.load(Ordering::Relaxed) > 0
    }
}

/// One request, between its last byte in and its answer out.
pub struct Turn {
    owed: Arc<AtomicUsize>,
    received: AtomicBool,
}

impl Turn {
    /// The request is all in: the shop owes its answer.
    pub fn received(&self) {
        if !self.received.swap(true, Ordering::Relaxed) {
            self.owed.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Whether the request's body has all been read.
    pub fn is_received(&self) -> bool {
        self.received.load(Ordering::Relaxed)
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if *self.received.get_mut() {
            self.owed.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// A request's body that says when its last byte is in.
pub struct Received<B> {
    inner: B,
    turn: Arc<Turn>,
}

impl<B> Received<B> {
    pub fn new(inner: B, turn: Arc<Turn>) -> Received<B> {
        Received { inner, turn }
    }
}

impl<B: HttpBody + Unpin> HttpBody for Received<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.get_mut();
        let frame = Pin::new(&mut this.inner).poll_frame(cx);
        if matches!(frame, Poll::Ready(None)) || this.inner.is_end_stream() {
            this.turn.received();
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

const END_OF_HEAD: &[u8; 4] = b"\r\n\r\n";

impl<T> GuardedIo<T> {
    /// The count of the requests the shop owes an answer on this connection.
    pub fn owed(&self) -> Owed {
        self.owed.clone()
    }

    /// True once nothing has gone either way for the idle time while the shop owed no answer;
    /// else makes sure the task is woken when it may have.
    pub fn idle_too_long(&mut self, cx: &mut Context<'_>) -> bool {
        while self.idle_timer.as_mut().poll(cx).is_ready() {
            let now = Instant::now();
            if self.owed.any() {
                self.last_active = now;
            }
            let ends = self.last_active + self.idle;
            if ends <= now {
                return true;
            }
            // Moved on only when it fires, rather than at every read and write.
            self.idle_timer.as_mut().reset(ends);
        }
        false
    }

    /// Notes the bytes just read; true once the first head has ended.
    pub fn saw(&mut self, bytes: &[u8]) -> bool {
        for &byte in bytes {
            self.matched = if byte == END_OF_HEAD[self.matched] {
                self.matched + 1
            } else {
                usize::from(byte == b'\r')
            };
            if self.matched == END_OF_HEAD.len() {
                return true;
            }
        }
        false
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for GuardedIo<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some(deadline) = &mut this.deadline
            && deadline.as_mut().poll(cx).is_ready()
        {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "no request head before the deadline",
            )));
        }
        if this.idle_too_long(cx) {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the connection was idle too long",
            )));
        }
        let before = buf.filled().len();
        let read = Pin::new(&mut this.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = read
            && buf.filled().len() > before
        {
            this.last_active = Instant::now();
            if this.deadline.is_some() && this.saw(&buf.filled()[before..]) {
                this.deadline = None;
            }
        }
        read
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for GuardedIo<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = written
            && n > 0
        {
            this.last_active = Instant::now();
        }
        written
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        if let Poll::Ready(Ok(n)) = written
            && n > 0
        {
            this.last_active = Instant::now();
        }
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
