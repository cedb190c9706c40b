//! Serving the shop's connections: poem's routes behind hyper's own connection builder, set up
//! as the shop needs it. poem's `Server` sets neither of the two limits that matter to a shop a
//! stranger can reach: it gives hyper no timer, so HTTP/1.1 has no deadline for a request's
//! head after the first (a second request dribbled a byte at a time kept its connection for
//! ever), and it lifts HTTP/2's limit on concurrent streams (one connection could ask for any
//! number of requests at once). Here every request's head has `head` to arrive, counted from
//! when the connection is ready for it (so a kept-alive connection that sends nothing is closed
//! after it too), and an HTTP/2 connection has at most `http2_streams` requests at once.
//! [`crate::http::limits::Guarded`] gives each connection its permits, its first deadline and
//! its idle time.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::{Body as _, Incoming};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use poem::endpoint::BoxEndpoint;
use poem::listener::Acceptor;
use poem::{Endpoint, Request};
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::http::limits::{Guarded, Received};

/// How each connection is served.
#[derive(Clone, Copy, Debug)]
pub struct Serving {
    /// How long each request's head (its line and headers) may take to arrive.
    pub head: Duration,
    /// Requests one HTTP/2 connection may have under way at once.
    pub http2_streams: u32,
    /// After the signal to stop, how long requests under way have to finish.
    pub grace: Duration,
}

/// The body poem's responses become for hyper.
type Body = http_body_util::combinators::BoxBody<hyper::body::Bytes, io::Error>;

/// Serves `routes` on the acceptor's connections until `stop` resolves, then lets the requests
/// under way finish (for at most the grace time) and closes every connection.
pub async fn serve<A>(
    mut acceptor: Guarded<A>,
    routes: BoxEndpoint<'static>,
    serving: Serving,
    stop: impl Future<Output = ()>,
) -> io::Result<()>
where
    A: Acceptor + 'static,
{
    let routes = Arc::new(routes);
    let (stopping, stopped) = watch::channel(false);
    let mut connections = JoinSet::new();
    for address in acceptor.local_addr() {
        tracing::info!(%address, "listening");
    }
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => break,
            accepted = acceptor.accept() => match accepted {
                Ok((io, local, remote, scheme)) => {
                    let routes = routes.clone();
                    let stopped = stopped.clone();
                    connections.spawn(async move {
                        let owed = io.owed();
                        let io = TokioIo::new(io);
                        let service = hyper::service::service_fn(move |req: poem::http::Request<Incoming>| {
                            let routes = routes.clone();
                            let turn = owed.turn();
                            let http1 = req.version() <= poem::http::Version::HTTP_11;
                            let all_in = req.body().is_end_stream();
                            let mut request = Request::from((req, local.clone(), remote.clone(), scheme.clone()));
                            if all_in {
                                turn.received();
                            } else {
                                let body = Received::new(Body::from(request.take_body()), turn.clone());
                                request.set_body(Body::new(body));
                            }
                            async move {
                                let mut response = routes.get_response(request).await;
                                // An answer given before the body was all read (a refusal of an
                                // upload by its first part, a 404 before reading it) ends the
                                // connection: hyper closes it rather than read the rest. Said
                                // in the answer, so that the client does not send its next
                                // request down it as it closes (a reset, in CI once).
                                if http1 && !turn.is_received() {
                                    response.headers_mut().insert(
                                        poem::http::header::CONNECTION,
                                        poem::http::HeaderValue::from_static("close"),
                                    );
                                }
                                // Owed until here: the answer's bytes going out keep it busy after.
                                drop(turn);
                                Ok::<_, Infallible>(hyper::Response::<Body>::from(response))
                            }
                        });
                        serve_connection(io, service, serving, stopped).await;
                    });
                }
                Err(err) => {
                    // Out of file descriptors, say: pause rather than spin.
                    tracing::warn!(%err, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            // Finished connections are reaped as they end.
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
    tracing::info!("stopping: letting the requests under way finish");
    let _ = stopping.send(true);
    let finished = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(serving.grace, finished).await.is_err() {
        connections.abort_all();
    }
    Ok(())
}

/// One connection, HTTP/1.1 or HTTP/2 as the client speaks, ended gracefully when the shop
/// stops.
async fn serve_connection<I, S>(
    io: TokioIo<I>,
    service: S,
    serving: Serving,
    mut stopped: watch::Receiver<bool>,
) where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
    S: hyper::service::Service<
            poem::http::Request<Incoming>,
            Response = hyper::Response<Body>,
            Error = Infallible,
        > + Send
        + 'static,
    S::Future: Send + 'static,
{
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(serving.head);
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(serving.http2_streams)
        // poem's values, kept.
        .max_pending_accept_reset_streams(20)
        .max_header_list_size(16 * 1024);
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = stopped.wait_for(|stop| *stop) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}
