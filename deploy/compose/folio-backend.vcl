# deploy/compose.yaml's backend file for cdn/varnish/folio.vcl (which includes
# it; compose mounts both in /etc/varnish): the two Folio containers, and who
# may purge.

import directors;

# Each Folio container on the compose network. Varnish asks each for /readyz
# every half second and stops sending it requests after two failures (about
# 1 s): within Folio's lame-duck period (FOLIO_SHUTDOWN_LAME_DUCK_MS, 2 s),
# when /readyz already answers 503 but everything else is still served, so a
# container being stopped gets no new request before it stops accepting.
probe folio_ready {
    .url = "/readyz";
    .interval = 500ms;
    .timeout = 1s;
    .window = 4;
    .threshold = 3;
    .initial = 2;
}

backend folio_1 {
    .host = "folio-1";
    .port = "4000";
    .probe = folio_ready;
    # Folio renders a page within FOLIO_RENDER_TIMEOUT_MS (5 s) and answers 504 after it.
    .first_byte_timeout = 15s;
}

backend folio_2 {
    .host = "folio-2";
    .port = "4000";
    .probe = folio_ready;
    .first_byte_timeout = 15s;
}

sub vcl_init {
    new folio_servers = directors.round_robin();
    folio_servers.add_backend(folio_1);
    folio_servers.add_backend(folio_2);
}

# Who may purge: PURGE is taken only on the `purge` listener (-a purge=:6091),
# which compose.yaml does not publish, so only containers on the compose
# network reach it; and only from private addresses (the compose network's).
# Readers reach the `http` listener (6081), where PURGE is refused whatever
# address the host's port forwarding makes them appear to come from.
acl folio_purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "fc00::"/7;
}

# Runs before folio.vcl's own vcl_recv (this file is included above it).
sub vcl_recv {
    if (req.method == "PURGE" && local.socket != "purge") {
        return (synth(403, "Purging is not allowed on this port"));
    }
    set req.backend_hint = folio_servers.backend();
}
