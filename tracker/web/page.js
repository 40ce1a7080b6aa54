// The players' view, live: the server sends the page's main part whenever the
// GM acts (server-sent events); EventSource reconnects by itself after a drop,
// and the server sends the whole view on every (re)connect. The words of the
// live line come from the server in the campaign's language: on the element
// at first, then with every view (the GM may change the language).
(function () {
  var me = document.currentScript;
  var live = document.getElementById("live");
  var view = document.getElementById("view");
  var source = new EventSource(me.getAttribute("data-events"));
  source.addEventListener("view", function (e) {
    var msg = JSON.parse(e.data);
    view.innerHTML = msg.html;  // rendered and escaped by the server
    document.body.setAttribute("data-seq", msg.seq);
    if (msg.words) {
      document.documentElement.lang = msg.words.lang;
      live.setAttribute("data-on", msg.words.on);
      live.setAttribute("data-off", msg.words.off);
    }
    live.textContent = live.getAttribute("data-on");
    live.className = "live on";
  });
  source.onerror = function () {
    live.textContent = live.getAttribute("data-off");
    live.className = "live off";
  };
})();
