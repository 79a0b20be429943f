vcl 4.1;

# Folio's reference CDN configuration (issue 21, docs/publishing.md#change-events-and-freshness): Varnish 7 with
# the xkey vmod (Debian: varnish, varnish-modules) in front of Folio.
#
# - Keeps only what Folio marks `public` (readers' pages, persisted GraphQL
#   GETs, the feed and sitemaps), for as long as its Cache-Control says
#   (`s-maxage`, then `stale-while-revalidate` as grace), apart for each Vary.
# - Never answers a request with a credential (a preview token, any
#   Authorization, the preview cookie) from the cache, nor keeps its answer.
# - Keeps serving a kept answer in grace when Folio fails (5xx, or no answer)
#   rather than replacing it with the error (stale-if-error).
# - Tags each kept answer with the keys Folio names in `Surrogate-Key` (or
#   `Cache-Tag`), and a `PURGE` carrying keys in `Surrogate-Key`, from an
#   address in folio_purgers, drops every answer tagged with one of them:
#   set FOLIO_CDN_PURGE_URL to this Varnish (http://127.0.0.1:6081/).
#
# The backend and who may purge live in folio-backend.vcl, found on
# varnishd's vcl_path: edit that file, or put your own first on the path
# (`-p vcl_path=/etc/folio:/usr/share/folio/cdn/varnish`).

import xkey;

include "folio-backend.vcl";

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ folio_purgers) {
            return (synth(403, "Purging is not allowed from this address"));
        }
        if (!req.http.Surrogate-Key) {
            return (synth(400, "PURGE needs the keys to drop in a Surrogate-Key header"));
        }
        # A hard purge: the next reader gets a fresh answer, never the old one in grace.
        set req.http.X-Folio-Purged = xkey.purge(req.http.Surrogate-Key);
        return (synth(200, "Purged " + req.http.X-Folio-Purged + " objects"));
    }
    # Live updates (server-sent events, docs/http-and-cache.md#live-updates) are piped: never kept,
    # and Folio's connection ends when the reader's does (a pass kept it open after the reader left).
    # Folio's 15 s heartbeat keeps a quiet stream inside pipe_timeout (60 s by default).
    if (req.url ~ "^/graphql/stream(\?|$)") {
        return (pipe);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Folio answers a request with a credential for it alone (private, no-store): never from the cache.
    if (req.http.Authorization || req.http.X-Preview-Token || req.http.Cookie ~ "(^|;)\s*folio_preview=") {
        return (pass);
    }
    # Folio reads no other cookie, and varies its answers by Cookie: without them readers share answers.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_pipe {
    # One stream per backend connection: closed with it, never reused for another request.
    set bereq.http.Connection = "close";
}

sub vcl_backend_response {
    # Folio failing (its database or its CMS cannot be reached: a 5xx with Retry-After): a
    # background fetch of a page still in grace is abandoned, so readers keep getting the page
    # kept (stale-if-error) instead of the error replacing it.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # Any other error is passed on and not remembered: the next request asks Folio again, and its
    # first good answer is kept at once (a 120 s hit-for-miss kept a page out of the cache after an outage).
    if (beresp.status >= 500) {
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Only what Folio marks public is kept; anything else is fetched afresh for each request.
    if (beresp.http.Cache-Control !~ "(^|,)\s*public\s*(,|$)" || beresp.http.Set-Cookie) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # xkey reads the `xkey` header; keys are separated by spaces (Surrogate-Key) or commas (Cache-Tag).
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    } elsif (beresp.http.Cache-Tag) {
        set beresp.http.xkey = beresp.http.Cache-Tag;
    }
    # Varnish took the TTL from s-maxage (before max-age) and the grace from stale-while-revalidate.
}

sub vcl_backend_error {
    # Folio not answering at all: the same as its 5xx, for a page still in grace.
    if (bereq.is_bgfetch) {
        return (abandon);
    }
}

sub vcl_deliver {
    # Keys are for purging, not for readers.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    unset resp.http.X-Folio-Purged;
}
