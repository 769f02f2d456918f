//! `sudolink serve`: the explorer, a local web page and JSON API over the library
//! ([`sudolink_serve`]). This file only reads flags, binds, and prints where it serves.

use anyhow::Result;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;
use sudolink_serve::data::DataDirs;
use sudolink_serve::{run_until_ctrl_c, Config};

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port)
    #[arg(long, default_value_t = 7878)]
    pub port: u16,
    /// A sudolink store whose states the page can pick and query (opened read-only)
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// A directory whose collection files (*.txt, *.sdk, *.sdm, *.ss) the page can pick
    /// puzzles from (repeatable); no other file is read
    #[arg(long = "data", value_name = "DIR")]
    pub data: Vec<PathBuf>,
    /// Open the page in a browser (xdg-open)
    #[arg(long)]
    pub open: bool,
    /// Interface to listen on; anything but 127.0.0.1 or ::1 exposes the server to the
    /// network (a warning is printed)
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Time limit of one request's work (searches, SQL), in seconds
    #[arg(long, default_value_t = 10.0, value_parser = super::numbers::positive_seconds)]
    pub timeout: f64,
    /// How long a connection may take to send a request's headers, in seconds (then it is
    /// closed)
    #[arg(long, default_value_t = 10.0, value_parser = super::numbers::positive_seconds)]
    pub header_timeout: f64,
    /// How long a request may take to send its body, in seconds (then it is answered 408)
    #[arg(long, default_value_t = 10.0, value_parser = super::numbers::positive_seconds)]
    pub body_timeout: f64,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    if let Some(db) = &args.db {
        // refuse a bad --db at start rather than on every request
        sudolink_store::query::open_read_only(db)?;
    }
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: --bind {} exposes the explorer to the network; it has no authentication",
            args.bind
        );
    }
    let config = Config {
        db: args.db.clone(),
        timeout: Duration::from_secs_f64(args.timeout),
        header_timeout: Duration::from_secs_f64(args.header_timeout),
        body_timeout: Duration::from_secs_f64(args.body_timeout),
        data: DataDirs::open(&args.data)?,
        ..Config::default()
    };
    let addr = SocketAddr::new(args.bind, args.port);
    run_until_ctrl_c(addr, config, |local| {
        let host = match local.ip() {
            IpAddr::V4(ip) if ip == Ipv4Addr::UNSPECIFIED => "127.0.0.1".to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        let url = format!("http://{host}:{}/", local.port());
        if local.ip().is_unspecified() {
            println!("listening on {local} (every interface)");
        }
        println!("sudolink explorer at {url} (Ctrl-C stops it)");
        if args.open {
            match std::process::Command::new("xdg-open").arg(&url).status() {
                Ok(s) if s.success() => {}
                _ => eprintln!("could not open a browser (xdg-open failed): open {url} yourself"),
            }
        }
    })?;
    Ok(())
}
