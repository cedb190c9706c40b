//! What a stranger's connection may take: bodies read only up to their route's limit, however
//! they are sent (with a Content-Length, chunked, or over HTTP/2 without one), a bounded number
//! of connections, and a deadline for the first request's head, so a client that connects and
//! sends nothing (or a byte at a time) cannot hold a connection for ever.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use poem::http::{Method, StatusCode, header};
use poem::listener::Acceptor;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Body, Request};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Sleep;

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

/// Accepts connections only while fewer than `limit` are open (a permit held by each), and
/// gives each `first_request` to send its first request's head.
pub struct Guarded<A> {
    inner: A,
    permits: Arc<Semaphore>,
    first_request: Duration,
}

impl<A> Guarded<A> {
    /// `inner`'s connections, at most `limit` at once.
    pub fn new(inner: A, limit: usize, first_request: Duration) -> Guarded<A> {
        Guarded {
            inner,
            permits: Arc::new(Semaphore::new(limit.max(1))),
            first_request,
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
        let (io, local, remote, scheme) = self.inner.accept().await?;
        let io = GuardedIo {
            inner: io,
            _permit: permit,
            deadline: Some(Box::pin(tokio::time::sleep(self.first_request))),
            matched: 0,
        };
        Ok((io, local, remote, scheme))
    }
}

/// A connection holding its permit, with a deadline until the end of its first request's head
/// (the blank line after the headers; HTTP/2's preface ends with one too).
pub struct GuardedIo<T> {
    inner: T,
    _permit: OwnedSemaphorePermit,
    deadline: Option<Pin<Box<Sleep>>>,
    /// How much of `\r\n\r\n` the bytes read so far end with.
    matched: usize,
}

const END_OF_HEAD: &[u8; 4] = b"\r\n\r\n";

impl<T> GuardedIo<T> {
    /// Notes the bytes just read; true once the first head has ended.
    fn saw(&mut self, bytes: &[u8]) -> bool {
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
        let before = buf.filled().len();
        let read = Pin::new(&mut this.inner).poll_read(cx, buf);
        if this.deadline.is_some()
            && let Poll::Ready(Ok(())) = read
            && this.saw(&buf.filled()[before..])
        {
            this.deadline = None;
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
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
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
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn io() -> GuardedIo<tokio::io::Empty> {
        GuardedIo {
            inner: tokio::io::empty(),
            _permit: Arc::new(Semaphore::new(1)).try_acquire_owned().unwrap(),
            deadline: None,
            matched: 0,
        }
    }

    #[test]
    fn the_head_ends_at_the_first_blank_line_even_across_reads() {
        let mut io = io();
        assert!(!io.saw(b"GET / HTTP/1.1\r\nHost: x\r"));
        assert!(!io.saw(b"\n\r"));
        assert!(io.saw(b"\n"));
        let mut io = self::io();
        assert!(!io.saw(b"GET / HTTP/1.1\r\n\r\r\n"));
        assert!(io.saw(b"\r\n"));
    }
}
