#!/usr/bin/env python3
"""Drives `lore mcp` with the official Python MCP client (the `mcp` package from PyPI) on the seed
corpus: lists the tools, calls each one and checks the results, checks bad requests get JSON-RPC
errors (update among them: it needs --allow-update), that another lore process can write the index
while the server runs, and (over raw JSON-RPC) that a client speaking the older 2024-11-05 revision is
answered in it. Then, with `lore mcp --allow-update` on a fresh corpus subscribed to feeds on
Tests/feed_server.py (127.0.0.1 only), that update fetches, stores and re-indexes and search finds
the new articles in the same session.

usage: mcp_client_test.py LORE PACKAGE_DIR   (run by Tests/LoreCLITests/MCPClientTests.swift)
Exit 0 when every check passes; otherwise the failed check on stderr and exit 1.
"""
import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import traceback

import anyio
from mcp import ClientSession, MCPError, StdioServerParameters
from mcp.client.stdio import stdio_client

LORE, PACKAGE = sys.argv[1], sys.argv[2]
WORK = tempfile.mkdtemp(prefix="lore-mcp-test-")
CORPUS, DB = os.path.join(WORK, "Corpus"), os.path.join(WORK, "index.sqlite")
ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": WORK, "XDG_DATA_HOME": WORK,
       "XDG_STATE_HOME": WORK, "NO_COLOR": "1", "LORE_PROMPTS": os.path.join(PACKAGE, "Prompts")}
SERVER_ARGS = ["mcp", "--corpus", CORPUS, "--db", DB]
RETAIN = "000_9ed6a84ce2ac574c.txt:5704"   # "Retain Cycles and Memory Leaks in Swift"
SECONDS = 60                               # bound on every request; nothing here should take a second


def check(condition, what):
    if not condition:
        raise AssertionError(what)


async def call(session, name, arguments):
    with anyio.fail_after(SECONDS):
        return await session.call_tool(name, arguments)


async def rejected(session, name, arguments):
    """The JSON-RPC error code a call gets (it must get one)."""
    try:
        await call(session, name, arguments)
    except MCPError as e:
        return e.code
    raise AssertionError(f"{name}({arguments}) was accepted; expected a JSON-RPC error")


def structured(result, what):
    check(not result.is_error, f"{what}: is_error set: {result.content}")
    check(result.content and result.content[0].type == "text" and result.content[0].text, f"{what}: no text content")
    return result.structured_content


async def check_tools(session, allow_update=False):
    """tools/list is tools.json in order, less update unless the server was started with --allow-update."""
    listed = (await session.list_tools()).tools
    defined = [d for d in json.load(open(os.path.join(PACKAGE, "Prompts", "tools.json"))) if allow_update or d["name"] != "update"]
    check([t.name for t in listed] == [d["name"] for d in defined], f"tools/list {[t.name for t in listed]} != tools.json")
    for t, d in zip(listed, defined):
        check(t.description == d["description"], f"{t.name}: description differs from tools.json")
        check(t.input_schema == d["parameters"], f"{t.name}: input schema differs from tools.json")
    check({"search", "answer", "get", "summarize", "extract", "articles", "status"} <= {t.name for t in listed}, "a tool is missing")


async def check_search(session):
    s = structured(await call(session, "search", {"query": "retain cycle closure", "limit": 2}), "search")
    check(len(s["hits"]) == 2, f"search: {len(s['hits'])} hits, expected 2")
    top = s["hits"][0]
    check(top["title"] == "Retain Cycles and Memory Leaks in Swift", f"search: top hit {top['title']!r}")
    check(f"{top['source']}:{top['line']}" == RETAIN and top["id"] and top["snippet"], f"search: top hit fields {top}")
    s = structured(await call(session, "search", {"query": "swift", "author": "Raphael Martin", "limit": 20}), "search by author")
    check(s["hits"] and all("Raphael Martin" in (h["author"] or "") for h in s["hits"]), "search: author filter not applied")


async def check_answer(session):
    s = structured(await call(session, "answer", {"question": "How do I group Swift Testing tests with tags?"}), "answer")
    check(not s["abstained"] and s["citations"], f"answer: abstained or no citations: {s['answer'][:200]}")
    check("tag" in s["answer"].lower() and "[1]" in s["answer"], "answer: does not talk about tags with a citation")
    check(s["citations"][0]["title"].startswith("Introduction to Swift Testing"), f"answer: cites {s['citations'][0]['title']!r}")
    s = structured(await call(session, "answer", {"question": "How do I add middleware to an Express server?"}), "answer (abstains)")
    check(s["abstained"] and not s["citations"], "answer: should abstain on Express middleware")


async def check_get(session):
    whole = structured(await call(session, "get", {"ref": RETAIN}), "get")
    check(whole["title"] == "Retain Cycles and Memory Leaks in Swift" and len(whole["text"]) > 1000, "get: wrong article or short text")
    check(whole["next_offset"] is None and whole["total_chars"] == len(whole["text"]), "get: whole text not returned")
    piece = structured(await call(session, "get", {"ref": RETAIN, "offset": 100, "max_chars": 50}), "get (range)")
    check(piece["text"] == whole["text"][100:150] and piece["next_offset"] == 150, "get: range does not match the text")
    by_id = structured(await call(session, "get", {"ref": whole["id"]}), "get by id")
    check(by_id["source"] + ":" + str(by_id["line"]) == RETAIN, "get: id and SOURCE:LINE name different articles")
    missing = await call(session, "get", {"ref": "no-such-file.txt:1"})
    check(missing.is_error and "no article matches" in missing.content[0].text, "get: a missing article is not an error result")


async def check_summarize_extract(session):
    s = structured(await call(session, "summarize", {"article": RETAIN, "length": "short"}), "summarize")
    check(s["tool_call"]["target"]["title"] == "Retain Cycles and Memory Leaks in Swift" and not s["abstained"], "summarize: wrong target")
    check(len(s["answer"].split()) > 20, "summarize: summary too short")
    s = structured(await call(session, "summarize", {"topic": "swift testing tags"}), "summarize topic")
    check(s["answer"] and s["citations"], "summarize topic: no attributed sentences")
    s = structured(await call(session, "extract", {"kind": "metadata", "article": RETAIN}), "extract metadata")
    check("Raphael Martin" in s["answer"], "extract metadata: no author")
    s = structured(await call(session, "extract", {"kind": "code", "article": "Introduction to Swift Testing"}), "extract code")
    check("@Test" in s["answer"], "extract code: no @Test in the code of the Swift Testing article")
    s = structured(await call(session, "extract", {"kind": "code", "article": "Why I never subclass UITableViewCell",
                                                   "focus": "where it uses generics"}), "extract code with a focus")
    check("ViewEmbeddingCollectionViewCell" in s["answer"] and "struct ProductViewModel" not in s["answer"],
          "extract code with a focus: not the block the focus names")


async def check_corpus_tools(session):
    s = structured(await call(session, "articles", {}), "articles")
    check(s["total"] == 64 and len(s["articles"]) == 64 and s["next_offset"] is None, f"articles: {s['total']} in all")
    page = structured(await call(session, "articles", {"offset": 60, "limit": 10}), "articles page")
    check([a["id"] for a in page["articles"]] == [a["id"] for a in s["articles"][60:]], "articles: paging")
    st = structured(await call(session, "status", {}), "status")
    check(st["articles"] == 64 and st["files"] == 5 and st["read_only"] is True, f"status: {st}")
    check(st["generation"] >= 1 and st["last_update"] and st["last_update"].endswith("Z"), f"status: {st}")
    return st


async def check_bad_requests(session):
    check(await rejected(session, "no_such_tool", {}) == -32602, "unknown tool: not invalid params")
    check(await rejected(session, "search", {}) == -32602, "search without query: not invalid params")
    check(await rejected(session, "search", {"query": "x", "limit": "ten"}) == -32602, "search limit as a string accepted")
    check(await rejected(session, "extract", {"kind": "bogus", "article": RETAIN}) == -32602, "extract kind bogus accepted")
    check(await rejected(session, "summarize", {}) == -32602, "summarize with nothing to summarize accepted")
    try:
        await call(session, "update", {})
        raise AssertionError("update was accepted by a server started without --allow-update")
    except MCPError as e:
        check(e.code == -32602 and "--allow-update" in e.message, f"update without --allow-update: {e.code} {e.message!r}")


async def check_other_writer(session, before):
    """Another lore process writes the index while the server runs; the server then serves the new article."""
    with open(os.path.join(CORPUS, "zz-new.md"), "w") as f:
        f.write("# Quokka telemetry pipelines\n\nQuokka telemetry pipelines batch their events before upload.\n")
    with anyio.fail_after(SECONDS):
        run = await anyio.run_process([LORE, "index", "--json", "--corpus", CORPUS, "--db", DB], env=ENV, check=False)
    check(run.returncode == 0 and json.loads(run.stdout)["added"] == 1, f"lore index beside the server: {run.stderr!r}")
    st = structured(await call(session, "status", {}), "status after a write")
    check(st["generation"] > before["generation"] and st["articles"] == 65, f"status after a write: {st}")
    s = structured(await call(session, "search", {"query": "quokka telemetry"}), "search after a write")
    check(s["hits"] and s["hits"][0]["title"] == "Quokka telemetry pipelines", "search does not find the article written meanwhile")


async def with_client():
    params = StdioServerParameters(command=LORE, args=SERVER_ARGS, env=ENV)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, read_timeout_seconds=SECONDS) as session:
            with anyio.fail_after(SECONDS):
                init = await session.initialize()
            check(init.server_info.name == "lore" and init.capabilities.tools is not None, "initialize: not lore, or no tools")
            await check_tools(session)
            await check_search(session)
            await check_answer(session)
            await check_get(session)
            await check_summarize_extract(session)
            before = await check_corpus_tools(session)
            await check_bad_requests(session)
            await check_other_writer(session, before)
    print(f"mcp client {init.protocol_version}: every tool checked")


class RawServer:
    """`lore mcp` spoken to line by line, for what the SDK client would not send."""

    def __init__(self):
        self.proc = subprocess.Popen([LORE] + SERVER_ARGS, env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)

    def send(self, text):
        self.proc.stdin.write(text.encode() + b"\n")
        self.proc.stdin.flush()

    def receive(self):
        check(self.sel.select(timeout=SECONDS), "no reply within the bound")
        line = self.proc.stdout.readline()
        check(line, "the server closed its output")
        return json.loads(line)

    def request(self, id, method, params=None):
        self.send(json.dumps({"jsonrpc": "2.0", "id": id, "method": method, **({"params": params} if params else {})}))
        reply = self.receive()
        check(reply.get("id") == id, f"{method}: reply to {reply.get('id')}, not {id}")
        return reply

    def close(self):
        if not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("the server did not exit when its input closed")


def old_protocol_and_malformed():
    server = RawServer()
    try:
        init = server.request(1, "initialize", {"protocolVersion": "2024-11-05", "capabilities": {},
                                                "clientInfo": {"name": "old-client", "version": "0.1"}})
        check(init["result"]["protocolVersion"] == "2024-11-05", f"2024-11-05 client answered with {init}")
        server.send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        tools = server.request(2, "tools/list")["result"]["tools"]
        check("search" in [t["name"] for t in tools], "tools/list for the old client has no search")
        hit = server.request(3, "tools/call", {"name": "search", "arguments": {"query": "retain cycle", "limit": 1}})
        check(hit["result"]["structuredContent"]["hits"][0]["line"] == 5704, "old client: search result")
        server.send("{this is not json")
        check(server.receive()["error"]["code"] == -32700, "malformed JSON: not a parse error")
        check(server.request(4, "no/such/method")["error"]["code"] == -32601, "unknown method: not method-not-found")
        check("result" in server.request(5, "ping"), "no ping reply after the bad requests")
        # The last request and then the end of input at once: the reply still comes before the server exits.
        server.send(json.dumps({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
                                "params": {"name": "answer", "arguments": {"question": "What is a retain cycle?"}}}))
        server.proc.stdin.close()
        last = server.receive()
        check(last.get("id") == 6 and "answer" in last["result"]["structuredContent"], "no reply to a request sent just before the end of input")
    finally:
        status = server.close()
    check(status == 0, f"the server exited with {status}")
    print("raw JSON-RPC: 2024-11-05 client answered; malformed and unknown requests got errors; last reply sent before exit")


def rss(items):
    """An RSS feed of (n, title, body) items, each keyed by its GUID."""
    body = "".join(f"<item><title>{t}</title><guid isPermaLink=\"false\">wombat-{n}</guid><link>https://wombat.example/{n}</link>"
                   f"<pubDate>Mon, 02 Jun 2025 09:00:00 GMT</pubDate><description>{b}</description></item>\n" for n, t, b in items)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Wombat Weekly</title>\n{body}</channel></rss>\n'


BURROWS = (1, "Wombat burrow caching", "Wombat burrow caching keeps hot tunnels in memory between digs.")
POUCHES = (2, "Pouch allocation strategies", "Pouch allocation strategies reserve space before the joey arrives.")
SHUFFLE = (3, "Marsupial shuffle sorting", "Marsupial shuffle sorting moves each element one hop at a time.")


class FeedServer:
    """Tests/feed_server.py on 127.0.0.1, on a port the kernel picks, serving the files of `directory`."""

    def __init__(self, directory):
        self.directory = directory
        self.proc = subprocess.Popen([sys.executable, os.path.join(PACKAGE, "Tests", "feed_server.py"), directory],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        ready = sel.select(timeout=SECONDS)
        port = self.proc.stdout.readline().strip() if ready else b""
        check(port.isdigit(), "the feed server did not print its port")
        self.base = f"http://127.0.0.1:{int(port)}/"

    def serve(self, name, text):
        with open(os.path.join(self.directory, name), "w") as f:
            f.write(text)

    def stop(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


async def check_update(session, feeds):
    """update fetches, stores and re-indexes; the same session's search then finds the new articles."""
    before = structured(await call(session, "status", {}), "status before update")
    check(before["read_only"] is False, f"status with --allow-update says read-only: {before}")
    s = structured(await call(session, "search", {"query": "wombat burrow caching"}), "search before update")
    check(all(h["title"] != BURROWS[1] for h in s["hits"]), "the feed's article is found before any update")
    u = structured(await call(session, "update", {}), "update")
    check(u["feeds"] == 2 and u["fetched"] == 1 and u["not_modified"] == 0 and u["articles_added"] == 2, f"update: {u}")
    check([f["url"] for f in u["failed"]] == [feeds.base + "missing"] and "404" in u["failed"][0]["reason"], f"update failures: {u}")
    check(u["generation"] > before["generation"] and u["index"]["articles"] == before["articles"] + 2, f"update index: {u}")
    s = structured(await call(session, "search", {"query": "wombat burrow caching"}), "search after update")
    check(s["hits"] and s["hits"][0]["title"] == BURROWS[1], f"search after update: {[h['title'] for h in s['hits']]}")
    text = structured(await call(session, "get", {"ref": f"{s['hits'][0]['source']}:{s['hits'][0]['line']}"}), "get after update")
    check("hot tunnels in memory" in text["text"], "get: the fetched article's text")
    again = structured(await call(session, "update", {}), "update again")
    check(again["not_modified"] == 1 and again["fetched"] == 0 and again["articles_added"] == 0, f"second update: {again}")
    check(again["generation"] == u["generation"], f"an update with nothing new wrote the index: {again}")
    feeds.serve("feed.xml", rss([BURROWS, POUCHES, SHUFFLE]))
    third = structured(await call(session, "update", {}), "update after the feed changed")
    check(third["fetched"] == 1 and third["articles_added"] == 1 and third["generation"] > u["generation"], f"third update: {third}")
    s = structured(await call(session, "search", {"query": "marsupial shuffle sorting"}), "search after the third update")
    check(s["hits"] and s["hits"][0]["title"] == SHUFFLE[1], "search does not find the article the changed feed added")


async def with_update_server(corpus, db, feeds):
    params = StdioServerParameters(command=LORE, args=["mcp", "--allow-update", "--corpus", corpus, "--db", db], env=ENV)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, read_timeout_seconds=SECONDS) as session:
            with anyio.fail_after(SECONDS):
                await session.initialize()
            await check_tools(session, allow_update=True)
            await check_update(session, feeds)
    print("mcp client: update with --allow-update fetched, stored and re-indexed; search found the new articles")


def update_tool():
    """A fresh corpus subscribed to a feed on the local test server (and to a missing one), served with --allow-update."""
    root = os.path.join(WORK, "feeds")
    served, corpus, db = os.path.join(root, "served"), os.path.join(root, "corpus"), os.path.join(root, "index.sqlite")
    os.makedirs(served)
    os.makedirs(corpus)
    with open(os.path.join(corpus, "notes.md"), "w") as f:
        f.write("# Burrow notes\n\nA local note about digging, written by hand.\n")
    feeds = FeedServer(served)
    try:
        feeds.serve("feed.xml", rss([BURROWS, POUCHES]))
        add = subprocess.run([LORE, "feeds", "add", feeds.base + "feed.xml", feeds.base + "missing", "--corpus", corpus, "--db", db],
                             env=ENV, capture_output=True, timeout=SECONDS)
        check(add.returncode == 0, f"lore feeds add: {add.stderr!r}")
        anyio.run(with_update_server, corpus, db, feeds)
    finally:
        feeds.stop()


def main():
    shutil.copytree(os.path.join(PACKAGE, "Corpus"), CORPUS)
    try:
        anyio.run(with_client)
        old_protocol_and_malformed()
        update_tool()
    except Exception:   # an AssertionError, or an exception group around one from the client's task group
        traceback.print_exc()
        return 1
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
