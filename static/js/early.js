// A classic script run while the page's modules are still loading: on a table page it sends the page's
// first requests (the view, the log's history, the game list) at once, and api.js takes their answers.
// The table then waits for one round trip after the modules instead of two.
(() => {
  const match = /^#\/?table\/(\d+)(?:[/?]|$)/.exec(location.hash);   // as app.js routes it
  const token = localStorage.getItem("bga.token");
  if (!match || !token) return;
  const id = match[1];
  const as = sessionStorage.getItem(`bga.as.${id}`);   // a hotseat seat, as api.js's withAs adds it
  const headers = { Accept: "application/json", Authorization: `Bearer ${token}` };
  const paths = [
    `/api/tables/${id}${as ? `?as=${as}` : ""}`,
    `/api/tables/${id}/notifications?after=0${as ? `&as=${as}` : ""}`,
    "/api/games",
  ];
  const sent = paths.map((path) => fetch(path, { headers }));
  window.earlyRequests = new Map(paths.map((path, i) => [`${token} ${path}`, sent[i]]));
  // Once the view names the game, its client module and stylesheet are fetched too (preloaded only:
  // api.js imports and adds them as it always does). Copies of the answers are read; api.js reads the originals.
  Promise.all([sent[0], sent[2]].map((answer) => answer.then((r) => (r.ok ? r.clone().json() : null))))
    .then(([view, catalog]) => {
      const game = view && catalog && catalog.games.find((g) => g.name === view.table.game);
      const client = (game && game.client) || {};
      const hints = [["modulepreload", client.module], ["preload", client.css]].filter(([, href]) => href);
      for (const [rel, href] of hints) {
        const link = Object.assign(document.createElement("link"), { rel, href });
        if (rel === "preload") link.as = "style";
        document.head.append(link);
      }
    })
    .catch(() => {});   // only a head start: api.js reports failures
})();
