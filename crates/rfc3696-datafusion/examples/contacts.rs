//! Why the addresses of a contacts table are invalid, counted by error code.
//!
//! ```sh
//! cargo run -p rfc3696-datafusion --example contacts              # a small sample table
//! cargo run -p rfc3696-datafusion --example contacts -- my.csv    # a CSV with an `email` column
//! ```

use datafusion::error::Result;
use datafusion::prelude::{CsvReadOptions, SessionContext};

#[tokio::main]
async fn main() -> Result<()> {
    let path = match std::env::args().nth(1) {
        Some(path) => path,
        None => write_sample()?,
    };
    let ctx = SessionContext::new();
    rfc3696_datafusion::register_all(&ctx);
    ctx.register_csv("contacts", &path, CsvReadOptions::new())
        .await?;
    ctx.sql(
        "SELECT email_error(email) AS error, count(*) AS n
         FROM contacts GROUP BY error ORDER BY n DESC, error",
    )
    .await?
    .show()
    .await
}

/// Writes a five-row sample table to the temporary directory and returns its path.
fn write_sample() -> Result<String> {
    let path = std::env::temp_dir().join("rfc3696-contacts-sample.csv");
    let rows = "email\nuser+tag@example.com\nuser@localhost\nx@y@z\njohn..doe@example.com\njoe@bücher.de\n";
    std::fs::write(&path, rows)?;
    Ok(path.to_string_lossy().into_owned())
}
