//! An authoritative DNS server in the test process, on 127.0.0.1 and a free port,
//! serving `testdata/dns/dnstest.zone`, counting the queries it gets. Names under
//! `servfail.dnstest.` get `SERVFAIL`, names under `rcode12.dnstest.` the unassigned
//! RCODE 12 (RFC 6895 §2.3). Also a "server" that never answers.
//!
//! Shared by the email-dns tests and example and the CLI's end-to-end test.
//!
//! ```
//! use test_support::dns_server::{LoopbackServer, RecordType};
//!
//! let server = LoopbackServer::start();
//! assert!(server.addr.ip().is_loopback());
//! assert_eq!(server.log.count("a-only.dnstest.", RecordType::A), 0);
//! ```

use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, UdpSocket};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Duration;

use hickory_server::Server;
use hickory_server::net::runtime::Time;
use hickory_server::net::xfer::Protocol;
use hickory_server::proto::op::{Header, HeaderCounts, ResponseCode};
use hickory_server::proto::rr::{LowerName, Name};
use hickory_server::server::{Request, RequestHandler, ResponseHandler, ResponseInfo};
use hickory_server::store::file::{FileConfig, FileZoneHandler};
use hickory_server::zone_handler::{AxfrPolicy, Catalog, MessageResponseBuilder, ZoneType};

/// The query types [`Log`] records, for the tests that count them.
pub use hickory_server::proto::rr::RecordType;

/// The zone origin.
pub const ORIGIN: &str = "dnstest.";

/// Queries seen: (lower-case name with final dot, type, over TCP).
///
/// ```
/// use std::net::UdpSocket;
/// use std::time::Duration;
///
/// use test_support::dns_server::{LoopbackServer, RecordType};
///
/// let server = LoopbackServer::start();
/// // An RFC 1035 §4.1 query: ID 0x1234, RD set, one question `a-only.dnstest.` A IN.
/// let mut query = vec![0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0];
/// for label in ["a-only", "dnstest"] {
///     query.push(u8::try_from(label.len()).unwrap());
///     query.extend_from_slice(label.as_bytes());
/// }
/// query.extend_from_slice(&[0, 0, 1, 0, 1]);
/// let socket = UdpSocket::bind("127.0.0.1:0")?;
/// socket.set_read_timeout(Some(Duration::from_secs(5)))?;
/// socket.send_to(&query, server.addr)?;
/// let mut answer = [0; 512];
/// let length = socket.recv(&mut answer)?;
/// assert!(length > 12 && answer[..2] == [0x12, 0x34]);
///
/// let question = ("a-only.dnstest.".to_owned(), RecordType::A);
/// assert_eq!(server.log.all(), [(question.0.clone(), question.1, false)]);
/// assert_eq!(server.log.count("a-only.dnstest.", RecordType::A), 1);
/// assert_eq!(server.log.per_question()[&question], 1);
/// assert_eq!((server.log.total(), server.log.tcp()), (1, 0));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct Log {
    queries: Mutex<Vec<(String, RecordType, bool)>>,
}

impl Log {
    fn record(&self, name: String, rtype: RecordType, tcp: bool) {
        self.queries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((name, rtype, tcp));
    }

    /// Every query, in arrival order.
    pub fn all(&self) -> Vec<(String, RecordType, bool)> {
        self.queries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// How many queries of `rtype` for `name` (with final dot).
    pub fn count(&self, name: &str, rtype: RecordType) -> usize {
        self.all()
            .iter()
            .filter(|(n, t, _)| n == name && *t == rtype)
            .count()
    }

    /// Queries per (name, type).
    pub fn per_question(&self) -> HashMap<(String, RecordType), usize> {
        let mut map = HashMap::new();
        for (name, rtype, _) in self.all() {
            *map.entry((name, rtype)).or_insert(0) += 1;
        }
        map
    }

    /// Queries that came over TCP.
    pub fn tcp(&self) -> usize {
        self.all().iter().filter(|q| q.2).count()
    }

    /// All queries.
    pub fn total(&self) -> usize {
        self.queries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

struct Handler {
    catalog: Catalog,
    log: Arc<Log>,
}

#[async_trait::async_trait]
impl RequestHandler for Handler {
    async fn handle_request<R: ResponseHandler, T: Time>(
        &self,
        request: &Request,
        mut response_handle: R,
    ) -> ResponseInfo {
        if let Ok(info) = request.request_info() {
            let name = info.query.name().to_string().to_ascii_lowercase();
            let tcp = info.protocol == Protocol::Tcp;
            self.log.record(name.clone(), info.query.query_type(), tcp);
            // `SERVFAIL`, or RCODE 12, which RFC 6895 §2.3 lists as unassigned.
            let code = if name.ends_with("servfail.dnstest.") {
                Some(ResponseCode::ServFail)
            } else if name.ends_with("rcode12.dnstest.") {
                Some(ResponseCode::Unknown(12))
            } else {
                None
            };
            if let Some(code) = code {
                let response = MessageResponseBuilder::new(&request.queries, None)
                    .error_msg(&request.metadata, code);
                return match response_handle.send_response(response).await {
                    Ok(info) => info,
                    Err(_) => ResponseInfo::from(Header {
                        metadata: request.metadata,
                        counts: HeaderCounts::default(),
                    }),
                };
            }
        }
        self.catalog
            .handle_request::<R, T>(request, response_handle)
            .await
    }
}

/// The zone file, `testdata/dns/dnstest.zone` at the workspace root.
fn zone_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/dns/dnstest.zone")
}

/// A running loopback server. It stops when the test process ends.
#[derive(Debug)]
pub struct LoopbackServer {
    /// Where it listens (UDP and TCP, same port).
    pub addr: SocketAddr,
    /// What it was asked.
    pub log: Arc<Log>,
}

/// UDP and TCP sockets on the same free loopback port.
fn bind_pair() -> (UdpSocket, TcpListener) {
    for _ in 0..50 {
        let udp = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let port = udp.local_addr().unwrap().port();
        if let Ok(tcp) = TcpListener::bind((Ipv4Addr::LOCALHOST, port)) {
            return (udp, tcp);
        }
    }
    panic!("no free loopback port for both UDP and TCP");
}

impl LoopbackServer {
    /// Starts the server on a thread with its own runtime.
    ///
    /// # Panics
    ///
    /// When no loopback port is free for both UDP and TCP, or the zone file does not load:
    /// a broken test environment, which the test should report.
    pub fn start() -> Self {
        let (udp, tcp) = bind_pair();
        let addr = udp.local_addr().unwrap();
        assert!(addr.ip().is_loopback());
        udp.set_nonblocking(true).unwrap();
        tcp.set_nonblocking(true).unwrap();
        let log = Arc::new(Log::default());
        let handler_log = Arc::clone(&log);
        let (ready_tx, ready_rx) = mpsc::channel();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let origin = Name::from_str(ORIGIN).unwrap();
                let zone = FileZoneHandler::try_from_config(
                    origin.clone(),
                    ZoneType::Primary,
                    AxfrPolicy::Deny,
                    None,
                    &FileConfig {
                        zone_path: zone_path(),
                    },
                )
                .unwrap();
                let mut catalog = Catalog::new();
                catalog.upsert(LowerName::new(&origin), vec![Arc::new(zone)]);
                let handler = Handler {
                    catalog,
                    log: handler_log,
                };
                let mut server = Server::new(handler);
                server.register_socket(tokio::net::UdpSocket::from_std(udp).unwrap());
                server.register_listener(
                    tokio::net::TcpListener::from_std(tcp).unwrap(),
                    Duration::from_secs(5),
                    64,
                );
                ready_tx.send(()).unwrap();
                let _ = server.block_until_done().await;
            });
        });
        ready_rx.recv().unwrap();
        LoopbackServer { addr, log }
    }
}

/// A UDP socket and a TCP listener on one loopback port that take queries and never
/// answer: a dead server.
///
/// ```
/// use std::net::UdpSocket;
/// use std::time::Duration;
///
/// let silent = test_support::dns_server::SilentServer::start();
/// let socket = UdpSocket::bind("127.0.0.1:0")?;
/// socket.set_read_timeout(Some(Duration::from_millis(100)))?;
/// socket.send_to(&[0x12, 0x34, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0], silent.addr)?;
/// assert!(socket.recv(&mut [0; 512]).is_err());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct SilentServer {
    /// Where it "listens".
    pub addr: SocketAddr,
    _udp: UdpSocket,
    _tcp: TcpListener,
}

impl SilentServer {
    /// Binds it.
    ///
    /// # Panics
    ///
    /// When no loopback port is free for both UDP and TCP.
    pub fn start() -> Self {
        let (udp, tcp) = bind_pair();
        SilentServer {
            addr: udp.local_addr().unwrap(),
            _udp: udp,
            _tcp: tcp,
        }
    }
}
