// The players' view, live: the server sends the page's main part whenever the
// GM acts (server-sent events); EventSource reconnects by itself after a drop,
// and the server sends the whole view on every (re)connect.
(function () {
  var me = document.currentScript;
  var live = document.getElementById("live");
  var view = document.getElementById("view");
  var source = new EventSource(me.getAttribute("data-events"));
  source.addEventListener("view", function (e) {
    var msg = JSON.parse(e.data);
    view.innerHTML = msg.html;  // rendered and escaped by the server
    document.body.setAttribute("data-seq", msg.seq);
    live.textContent = "live";
    live.className = "live on";
  });
  source.onerror = function () {
    live.textContent = "reconnecting…";
    live.className = "live off";
  };
})();
