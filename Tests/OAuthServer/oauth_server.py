"""A real OAuth 2.0 authorization server for Courier's OAuth integration tests, built on Authlib's Flask integration.

Usage: python oauth_server.py PORT [PARENT_PID]. It listens on 127.0.0.1:PORT with Werkzeug's threaded server (the one
Flask's `app.run(threaded=True)` uses, with a listen backlog of 1024) and, given PARENT_PID, exits once that process is
gone. scripts/oauth-e2e.sh starts it and exports OAUTH_ISSUER_URL (`http://127.0.0.1:PORT`, no trailing slash).

The protocol work is Authlib's (the grants, PKCE, the device flow, revocation, client authentication, the Bearer
validator); this file only stores everything in memory, behind one lock, and counts what the tests ask about.

Clients (fixed):
- `service`, secret `service-secret`: client_secret_basic, client_credentials, scopes `read write`.
- `service-post`, secret `post-secret`: client_secret_post, client_credentials, scopes `read write`.
- `app`: public (`none`), authorization_code (PKCE S256 required), refresh_token, device_code; scopes
  `read write openid offline_access`; redirect URIs `http://127.0.0.1/callback` (any port, RFC 8252 §7.3) and
  `com.example.app:/callback`.
A token request without `scope` gets every scope of the client (and the response always names the scope granted).

Endpoints:
- GET  /.well-known/oauth-authorization-server, /.well-known/openid-configuration   RFC 8414 metadata
- GET  /authorize       auto-approves for user `alice` (302 with code and state); `deny=1` answers access_denied;
                        an unknown client or redirect URI is a 400 JSON error, never a redirect
- POST /token           client_credentials, authorization_code (+PKCE), refresh_token (rotated; a reused one is
                        invalid_grant and counted), urn:ietf:params:oauth:grant-type:device_code
- POST /device_authorization   RFC 8628 §3.1; GET /device is a stub verification page
- POST /revoke          RFC 7009
- GET  /api/me, /api/pets      protected resources (Bearer); /api/pets needs scope `read`
- /test/...             control for the tests: stats, reset, expire-access-tokens, config, device approve/deny/expire/
                        slow-down (see the routes below)
"""

import os
import secrets
import sys
import threading
import time
from urllib.parse import urlsplit, urlunsplit

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.oauth2 import OAuth2Error
from authlib.oauth2.rfc6749 import (
    AuthorizationCodeMixin,
    ClientMixin,
    InvalidGrantError,
    InvalidRequestError,
    InvalidScopeError,
    TokenMixin,
    UnauthorizedClientError,
    grants,
)
from authlib.oauth2.rfc6749.util import list_to_scope, scope_to_list
from authlib.oauth2.rfc6750 import BearerTokenGenerator, BearerTokenValidator, InvalidTokenError
from authlib.oauth2.rfc7009 import RevocationEndpoint
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc8414 import AuthorizationServerMetadata
from authlib.oauth2.rfc8628 import DEVICE_CODE_GRANT_TYPE, DeviceAuthorizationEndpoint, DeviceCodeGrant
from flask import Flask, Response, g, json, request
from werkzeug.serving import ThreadedWSGIServer

DEFAULT_ACCESS_TOKEN_LIFETIME = 3600
AUTHORIZATION_CODE_LIFETIME = 600
DEVICE_CODE_LIFETIME = 600
DEVICE_POLL_INTERVAL = 5
REALM = "courier-oauth-test"
SCOPES_SUPPORTED = ["read", "write", "openid", "offline_access"]
AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
NO_STORE = [("Content-Type", "application/json"), ("Cache-Control", "no-store"), ("Pragma", "no-cache")]

# Set in main() from the port; a request's own host stands in when the app runs some other way.
ISSUER = None


def issuer():
    return ISSUER or request.host_url.rstrip("/")


# -- models -----------------------------------------------------------------------------------------------------


class User:
    def __init__(self, user_id):
        self.id = user_id

    def get_user_id(self):
        return self.id


ALICE = User("alice")


class Client(ClientMixin):
    def __init__(self, client_id, secret, auth_method, grant_types, scope, redirect_uris=(), require_pkce=False):
        self.client_id = client_id
        self.client_secret = secret
        self.token_endpoint_auth_method = auth_method
        self.grant_types = set(grant_types)
        self.scope = scope
        self.redirect_uris = list(redirect_uris)
        self.require_pkce = require_pkce

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        # Two URIs are registered for `app`: a request must name one (RFC 6749 §3.1.2.3).
        return None

    def get_allowed_scope(self, scope):
        allowed = set(scope_to_list(self.scope))
        return list_to_scope([s for s in scope_to_list(scope) or [] if s in allowed])

    def check_redirect_uri(self, redirect_uri):
        if redirect_uri in self.redirect_uris:
            return True
        # RFC 8252 §7.3: a loopback redirect may use any port; everything else must be as registered.
        try:
            parts = urlsplit(redirect_uri)
            parts.port  # raises ValueError for a port that is not a number in range
        except ValueError:
            return False
        if parts.scheme != "http" or parts.hostname != "127.0.0.1" or parts.username is not None:
            return False
        if parts.password is not None:
            return False
        return urlunsplit(("http", "127.0.0.1", parts.path, parts.query, parts.fragment)) in self.redirect_uris

    def check_client_secret(self, client_secret):
        return self.client_secret is not None and secrets.compare_digest(self.client_secret, client_secret)

    def check_endpoint_auth_method(self, method, endpoint):
        if endpoint == "token":
            return method == self.token_endpoint_auth_method
        # /revoke and /device_authorization: a confidential client by Basic or by the body, a public one by
        # client_id alone.
        if self.client_secret is None:
            return method == "none"
        return method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type):
        return response_type == "code" and "authorization_code" in self.grant_types

    def check_grant_type(self, grant_type):
        return grant_type in self.grant_types


CLIENTS = {
    c.client_id: c
    for c in [
        Client("service", "service-secret", "client_secret_basic", ["client_credentials"], "read write"),
        Client("service-post", "post-secret", "client_secret_post", ["client_credentials"], "read write"),
        Client(
            "app",
            None,
            "none",
            ["authorization_code", "refresh_token", DEVICE_CODE_GRANT_TYPE],
            "read write openid offline_access",
            redirect_uris=["http://127.0.0.1/callback", "com.example.app:/callback"],
            require_pkce=True,
        ),
    ]
}


class AuthorizationCode(AuthorizationCodeMixin):
    def __init__(self, code, client_id, redirect_uri, scope, user, code_challenge, code_challenge_method):
        self.code = code
        self.client_id = client_id
        self.redirect_uri = redirect_uri
        self.scope = scope
        self.user = user
        self.code_challenge = code_challenge
        self.code_challenge_method = code_challenge_method
        self.expires_at = time.time() + AUTHORIZATION_CODE_LIFETIME

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope


class Token(TokenMixin):
    def __init__(self, client_id, user, grant_type, token):
        self.client_id = client_id
        self.user = user
        self.grant_type = grant_type
        self.access_token = token["access_token"]
        self.refresh_token = token.get("refresh_token")
        self.scope = token.get("scope", "")
        self.expires_in = token.get("expires_in", 0)
        self.issued_at = time.time()
        self.access_revoked = False
        self.access_expired = False  # set by /test/expire-access-tokens
        self.refresh_revoked = False

    def check_client(self, client):
        return self.client_id == client.get_client_id()

    def get_scope(self):
        return self.scope

    def get_expires_in(self):
        return self.expires_in

    def is_expired(self):
        return self.access_expired or time.time() >= self.issued_at + self.expires_in

    def is_revoked(self):
        return self.access_revoked

    def get_user(self):
        return self.user

    def get_client(self):
        return CLIENTS[self.client_id]


class DeviceCredential:
    def __init__(self, client_id, scope, data):
        self.client_id = client_id
        self.scope = scope
        self.device_code = data["device_code"]
        self.user_code = data["user_code"]
        self.expires_at = time.time() + data["expires_in"]
        self.decision = None  # "approved" or "denied", from /test/device/...
        self.slow_down_armed = False
        self.consumed = False

    def get_client_id(self):
        return self.client_id

    def get_scope(self):
        return self.scope

    def get_user_code(self):
        return self.user_code

    def is_expired(self):
        return time.time() >= self.expires_at


# -- in-memory state ----------------------------------------------------------------------------------------------


class State:
    """Everything the server remembers. Every read and write holds `lock` (an RLock: the token endpoint holds it for
    the whole request, so a refresh token cannot be rotated twice by two requests at once)."""

    def __init__(self):
        self.lock = threading.RLock()
        self.reset()

    def reset(self):
        with self.lock:
            self.codes = {}
            self.tokens_by_access = {}
            self.tokens_by_refresh = {}
            self.devices_by_code = {}
            self.devices_by_user_code = {}
            self.access_token_lifetime = DEFAULT_ACCESS_TOKEN_LIFETIME
            self.token_requests = {}
            self.refresh_grants = 0
            self.reused_refresh_tokens = 0
            self.api_requests = 0
            self.api_rejections = 0
            self.device_polls = {}
            self.revocations = 0
            self.last_token_request = None

    def stats(self):
        with self.lock:
            return {
                "token_requests": dict(self.token_requests),
                "refresh_grants": self.refresh_grants,
                "reused_refresh_tokens": self.reused_refresh_tokens,
                "api_requests": self.api_requests,
                "api_rejections": self.api_rejections,
                "device_polls": dict(self.device_polls),
                "revocations": self.revocations,
                "last_token_request": self.last_token_request,
            }


STATE = State()


def query_client(client_id):
    return CLIENTS.get(client_id)


def save_token(token, oauth_request):
    item = Token(oauth_request.client.get_client_id(), oauth_request.user, oauth_request.payload.grant_type, token)
    with STATE.lock:
        STATE.tokens_by_access[item.access_token] = item
        if item.refresh_token:
            STATE.tokens_by_refresh[item.refresh_token] = item


# -- grants -------------------------------------------------------------------------------------------------------


class ScopedBearerTokenGenerator(BearerTokenGenerator):
    """Authlib's Bearer generator, with the lifetime of /test/config and the client's scopes when none are asked."""

    def generate(self, grant_type, client, user=None, scope=None, expires_in=None, include_refresh_token=True):
        if not scope:
            scope = client.scope
        if not client.get_allowed_scope(scope):
            raise InvalidScopeError(f"The client may not ask for scope '{scope}'.")
        return super().generate(grant_type, client, user, scope, expires_in, include_refresh_token)


class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = AUTH_METHODS

    def save_authorization_code(self, code, oauth_request):
        data = oauth_request.payload.data
        item = AuthorizationCode(
            code,
            oauth_request.client.get_client_id(),
            oauth_request.payload.redirect_uri,
            oauth_request.payload.scope,
            oauth_request.user,
            data.get("code_challenge"),
            data.get("code_challenge_method"),
        )
        with STATE.lock:
            STATE.codes[code] = item

    def query_authorization_code(self, code, client):
        with STATE.lock:
            item = STATE.codes.get(code)
        if item and item.client_id == client.get_client_id() and time.time() < item.expires_at:
            return item
        return None

    def delete_authorization_code(self, authorization_code):
        with STATE.lock:
            STATE.codes.pop(authorization_code.code, None)

    def authenticate_user(self, authorization_code):
        return authorization_code.user


class RequiredS256CodeChallenge(CodeChallenge):
    """PKCE with S256 only, required of the clients that must use it (`app`): a request without a challenge, or with
    `plain` (also what a missing method means, RFC 7636 §4.3), is an invalid_request redirected to the client."""

    SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]

    def validate_code_challenge(self, grant, redirect_uri):
        data = grant.request.payload.data
        challenge = data.get("code_challenge")
        if grant.request.client.require_pkce and not challenge:
            raise InvalidRequestError("This client must send a 'code_challenge' (PKCE, S256).")
        if challenge and data.get("code_challenge_method") != "S256":
            raise InvalidRequestError("Unsupported 'code_challenge_method': only S256 is supported.")
        super().validate_code_challenge(grant, redirect_uri)


class ClientCredentialsGrant(grants.ClientCredentialsGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = AUTH_METHODS


class RefreshTokenGrant(grants.RefreshTokenGrant):
    """Rotation: every refresh answers a new refresh token and revokes the one presented. A revoked (rotated away or
    revoked at /revoke) refresh token is invalid_grant and counts in `reused_refresh_tokens`."""

    TOKEN_ENDPOINT_AUTH_METHODS = AUTH_METHODS
    INCLUDE_NEW_REFRESH_TOKEN = True

    def authenticate_refresh_token(self, refresh_token):
        with STATE.lock:
            item = STATE.tokens_by_refresh.get(refresh_token)
            if item is None:
                raise InvalidGrantError("Unknown refresh token.")
            if item.refresh_revoked:
                STATE.reused_refresh_tokens += 1
                raise InvalidGrantError("The refresh token was revoked (already used, or revoked).")
            return item

    def authenticate_user(self, refresh_token):
        # A refresh token is issued only with a user (authorization_code, device_code).
        return refresh_token.user

    def revoke_old_credential(self, refresh_token):
        with STATE.lock:
            refresh_token.refresh_revoked = True
            STATE.refresh_grants += 1


class DeviceGrant(DeviceCodeGrant):
    def query_device_credential(self, device_code):
        with STATE.lock:
            item = STATE.devices_by_code.get(device_code)
            if item is not None:
                STATE.device_polls[item.user_code] = STATE.device_polls.get(item.user_code, 0) + 1
            if item is None or item.consumed:
                raise InvalidGrantError("Unknown or already used 'device_code'.")
            return item

    def query_user_grant(self, user_code):
        with STATE.lock:
            item = STATE.devices_by_user_code.get(user_code)
            if item is None or item.decision is None:
                return None
            return ALICE, item.decision == "approved"

    def should_slow_down(self, credential):
        with STATE.lock:
            armed = credential.slow_down_armed
            credential.slow_down_armed = False
            return armed

    def create_token_response(self):
        response = super().create_token_response()
        with STATE.lock:
            self.request.credential.consumed = True
        return response


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    EXPIRES_IN = DEVICE_CODE_LIFETIME
    INTERVAL = DEVICE_POLL_INTERVAL

    def authenticate_client(self, oauth_request):
        client = super().authenticate_client(oauth_request)
        if not client.check_grant_type(DEVICE_CODE_GRANT_TYPE):
            raise UnauthorizedClientError("The client may not use the device authorization grant.")
        g.device_client_id = client.get_client_id()  # the body has no client_id when the client used Basic
        return client

    def get_verification_uri(self):
        return issuer() + "/device"

    def save_device_credential(self, client_id, scope, data):
        item = DeviceCredential(g.device_client_id, scope, data)
        with STATE.lock:
            STATE.devices_by_code[item.device_code] = item
            STATE.devices_by_user_code[item.user_code] = item


class Revocation(RevocationEndpoint):
    """RFC 7009. Revoking a refresh token revokes its access token too (§2.1); revoking an access token leaves the
    refresh token usable. The hint only orders the search (§2.1: the server extends it to the other type)."""

    CLIENT_AUTH_METHODS = AUTH_METHODS

    def query_token(self, token_string, token_type_hint):
        with STATE.lock:
            by_access = STATE.tokens_by_access.get(token_string)
            by_refresh = STATE.tokens_by_refresh.get(token_string)
        if token_type_hint == "refresh_token":
            return by_refresh or by_access
        return by_access or by_refresh

    def revoke_token(self, token, oauth_request):
        with STATE.lock:
            token.access_revoked = True
            if oauth_request.form.get("token") == token.refresh_token:
                token.refresh_revoked = True


class Server(AuthorizationServer):
    def handle_error_response(self, oauth_request, error):
        # Every error body has an error_description (some of Authlib's errors have none, or put it only in
        # get_error_description()).
        if not error.description:
            error.description = error.get_error_description() or error.error.replace("_", " ")
        if error.error == "unsupported_token_type":
            error.status_code = 400  # RFC 7009 §2.2.1; Authlib answers 401 (it shares a class with a 401 error)
        return super().handle_error_response(oauth_request, error)


# -- the app ------------------------------------------------------------------------------------------------------

app = Flask(__name__)
app.config.update(OAUTH2_REFRESH_TOKEN_GENERATOR=True, OAUTH2_SCOPES_SUPPORTED=SCOPES_SUPPORTED)
server = Server(app, query_client=query_client, save_token=save_token)
server.register_token_generator(
    "default",
    ScopedBearerTokenGenerator(
        access_token_generator=lambda **_: secrets.token_urlsafe(32),
        refresh_token_generator=lambda **_: secrets.token_urlsafe(32),
        expires_generator=lambda client, grant_type: STATE.access_token_lifetime,
    ),
)
server.register_grant(AuthorizationCodeGrant, [RequiredS256CodeChallenge(required=True)])
server.register_grant(ClientCredentialsGrant)
server.register_grant(RefreshTokenGrant)
server.register_grant(DeviceGrant)
server.register_endpoint(DeviceEndpoint)
server.register_endpoint(Revocation)


class AccessTokenValidator(BearerTokenValidator):
    def authenticate_token(self, token_string):
        with STATE.lock:
            return STATE.tokens_by_access.get(token_string)

    def validate_token(self, token, scopes, oauth_request):
        # NOTE: Authlib 1.6's own validate_token passes `extra_attributes=...` as one keyword, which puts
        # `extra_attributes="{}"` into the WWW-Authenticate header; the checks are the same.
        if token is None or token.is_expired() or token.is_revoked():
            raise InvalidTokenError(realm=self.realm, **self.extra_attributes)
        super().validate_token(token, scopes, oauth_request)


require_oauth = ResourceProtector()
require_oauth.register_token_validator(AccessTokenValidator())


def json_response(body, status=200, headers=()):
    return Response(json.dumps(body), status=status, headers=list(NO_STORE) + list(headers))


def metadata():
    base = issuer()
    data = AuthorizationServerMetadata(
        issuer=base,
        authorization_endpoint=base + "/authorize",
        token_endpoint=base + "/token",
        device_authorization_endpoint=base + "/device_authorization",
        revocation_endpoint=base + "/revoke",
        token_endpoint_auth_methods_supported=AUTH_METHODS,
        revocation_endpoint_auth_methods_supported=AUTH_METHODS,
        grant_types_supported=["authorization_code", "client_credentials", "refresh_token", DEVICE_CODE_GRANT_TYPE],
        response_types_supported=["code"],
        code_challenge_methods_supported=["S256"],
        scopes_supported=SCOPES_SUPPORTED,
    )
    data.validate()
    return dict(data)


@app.get("/.well-known/oauth-authorization-server")
@app.get("/.well-known/openid-configuration")
def well_known():
    return json_response(metadata())


@app.get("/authorize")
def authorize():
    with STATE.lock:
        try:
            grant = server.get_consent_grant(end_user=ALICE)
        except OAuth2Error as error:
            # Authlib sets redirect_uri only once the client and its redirect URI are known good: then the error goes
            # to the client (302). Otherwise (unknown client, unregistered redirect URI) the user agent gets it
            # itself, as a 400 JSON body: RFC 6749 §4.1.2.1 forbids redirecting to an unchecked URI.
            return server.handle_error_response(None, error)
        user = None if request.args.get("deny") == "1" else ALICE
        return server.create_authorization_response(grant=grant, grant_user=user)


@app.post("/token")
def token():
    form = request.form
    auth = request.headers.get("Authorization", "")
    if auth[:6].lower() == "basic ":
        method = "client_secret_basic"
    elif "client_secret" in form:
        method = "client_secret_post"
    else:
        method = "none"
    grant_type = form.get("grant_type", "")
    with STATE.lock:
        STATE.token_requests[grant_type] = STATE.token_requests.get(grant_type, 0) + 1
        STATE.last_token_request = {"auth_method": method, "grant_type": grant_type, "form_keys": sorted(form.keys())}
        if not grant_type:
            # Authlib answers unsupported_grant_type ("grant_type=None"); a missing parameter is invalid_request.
            return server.handle_error_response(None, InvalidRequestError("Missing 'grant_type' in request."))
        return server.create_token_response()


@app.post("/device_authorization")
def device_authorization():
    with STATE.lock:
        return server.create_endpoint_response(DeviceEndpoint.ENDPOINT_NAME)


@app.get("/device")
def device_page():
    return Response(
        "<!doctype html><title>Device</title><p>Enter the code shown on your device. (Tests approve it with POST "
        "/test/device/approve.)</p>",
        content_type="text/html; charset=utf-8",
    )


@app.post("/revoke")
def revoke():
    with STATE.lock:
        response = server.create_endpoint_response(Revocation.ENDPOINT_NAME)
        if response.status_code == 200:
            STATE.revocations += 1
        return response


def protected(scopes=None):
    """Counts the call, checks the Bearer token with Authlib's ResourceProtector, and answers RFC 6750 errors."""
    with STATE.lock:
        STATE.api_requests += 1
    try:
        return require_oauth.acquire_token(scopes), None
    except OAuth2Error as error:
        with STATE.lock:
            STATE.api_rejections += 1
        if error.error in ("missing_authorization", "unsupported_token_type"):
            # No Bearer credentials at all (no Authorization header, another scheme, "Bearer" with nothing after
            # it): RFC 6750 §3.1 says the challenge SHOULD NOT carry an error code then.
            headers = [("WWW-Authenticate", f'Bearer realm="{REALM}"')]
            body = {"error": "missing_authorization", "error_description": "No Bearer access token in the request."}
            return None, json_response(body, 401, headers)
        headers = [(name, value) for name, value in error.get_headers() if name == "WWW-Authenticate"]
        if error.error == "insufficient_scope":
            scope = " ".join(scopes or [])
            headers = [("WWW-Authenticate", f'Bearer error="insufficient_scope", scope="{scope}"')]
        return None, json_response(dict(error.get_body()), error.status_code, headers)


@app.get("/api/me")
def api_me():
    token, rejection = protected()
    if rejection:
        return rejection
    sub = token.user.get_user_id() if token.user else token.client_id
    return json_response({"sub": sub, "client_id": token.client_id, "scope": token.scope})


@app.get("/api/pets")
def api_pets():
    token, rejection = protected(["read"])
    if rejection:
        return rejection
    return json_response([{"id": 1, "name": "Rex"}])


# -- test control -------------------------------------------------------------------------------------------------


@app.get("/test/stats")
def test_stats():
    return json_response(STATE.stats())


@app.post("/test/reset")
def test_reset():
    STATE.reset()
    return json_response({"reset": True})


@app.post("/test/expire-access-tokens")
def test_expire_access_tokens():
    with STATE.lock:
        for item in STATE.tokens_by_access.values():
            item.access_expired = True
        return json_response({"expired": len(STATE.tokens_by_access)})


@app.post("/test/config")
def test_config():
    value = request.form.get("access_token_lifetime")
    if value is not None:
        if not value.isdigit() or int(value) < 1:
            return json_response({"error": "invalid_request", "error_description": "access_token_lifetime >= 1"}, 400)
        with STATE.lock:
            STATE.access_token_lifetime = int(value)
    with STATE.lock:
        return json_response({"access_token_lifetime": STATE.access_token_lifetime})


@app.post("/test/device/<action>")
def test_device(action):
    if action not in ("approve", "deny", "expire", "slow-down"):
        return json_response({"error": "not_found", "error_description": f"no action {action}"}, 404)
    user_code = request.form.get("user_code", "")
    with STATE.lock:
        item = STATE.devices_by_user_code.get(user_code)
        if item is None:
            return json_response({"error": "not_found", "error_description": f"no user_code {user_code!r}"}, 404)
        if action == "approve":
            item.decision = "approved"
        elif action == "deny":
            item.decision = "denied"
        elif action == "expire":
            item.expires_at = time.time() - 1
        else:
            item.slow_down_armed = True
        return json_response({"user_code": user_code, "action": action})


# -- serving ------------------------------------------------------------------------------------------------------


class OAuthTestServer(ThreadedWSGIServer):
    # Werkzeug's threaded server (a thread per connection) with room for 100+ connections arriving at once.
    request_queue_size = 1024


def watch_parent(parent_pid, httpd):
    while True:
        time.sleep(1)
        try:
            os.kill(parent_pid, 0)
        except ProcessLookupError:
            httpd.shutdown()
            return
        except PermissionError:
            pass


def main():
    global ISSUER
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: python oauth_server.py PORT [PARENT_PID]")
    port = int(sys.argv[1])
    ISSUER = f"http://127.0.0.1:{port}"
    httpd = OAuthTestServer("127.0.0.1", port, app)
    if len(sys.argv) == 3:
        threading.Thread(target=watch_parent, args=(int(sys.argv[2]), httpd), daemon=True).start()
    print(f"oauth_server: listening on {ISSUER}", file=sys.stderr, flush=True)
    httpd.serve_forever()


if __name__ == "__main__":
    main()
