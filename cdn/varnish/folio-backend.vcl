# Where Folio listens, and who may purge: included by folio.vcl. Edit for
# your deployment (or put your own folio-backend.vcl first on vcl_path).

backend folio {
    .host = "127.0.0.1";
    .port = "4000";
    # Folio renders a page within FOLIO_RENDER_TIMEOUT_MS (5 s) and answers 504 after it.
    .first_byte_timeout = 15s;
}

# The Folio servers' addresses: the one process that purges sends PURGE from there.
acl folio_purgers {
    "127.0.0.1";
    "::1";
}
