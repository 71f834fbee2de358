/** The page's HTML shell; app.js fills it in. Every visible text has an i18n key. */
export const PAGE_HTML =
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Plant assistant</title>
<link rel="stylesheet" href="/assets/app.css">
<script src="/assets/app.js" defer></script>
<script src="/assets/extras.js" defer></script>
</head>
<body>
<a class="skip" href="#question" data-i18n="skip">Skip to the question box</a>
<header class="top">
  <button id="menu-toggle" class="icon" type="button" aria-controls="sidebar" ` +
  `aria-expanded="false"><span aria-hidden="true">&#9776;</span><span class="sr" ` +
  `data-i18n="sessions">Sessions</span></button>
  <h1><span data-i18n="title">Plant assistant</span> <small id="plant-name"></small></h1>
  <p id="data-status" class="data-status" role="status"></p>
  <div class="spacer"></div>
  <button id="lang-toggle" class="ghost" type="button" lang="zh">中文</button>
  <span id="who" class="who"></span>
  <button id="logout" class="ghost" type="button" hidden data-i18n="logout">Log out</button>
</header>

<main id="login-view" class="login" hidden>
  <form id="login-form" class="card" autocomplete="on">
    <h2 data-i18n="login">Log in</h2>
    <p id="setup-hint" class="notice" hidden></p>
    <label for="username" data-i18n="username">User name</label>
    <input id="username" name="username" autocomplete="username" required autocapitalize="off" spellcheck="false">
    <label for="password" data-i18n="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <p id="login-error" class="error" role="alert" hidden></p>
    <button type="submit" id="login-button" data-i18n="loginButton">Log in</button>
  </form>
</main>

<div id="app-view" class="layout" hidden>
  <nav id="sidebar" class="sidebar" aria-label="Sessions">
    <button id="new-session" type="button" data-i18n="newSession">New conversation</button>
    <h2 data-i18n="sessions">Sessions</h2>
    <ul id="session-list" class="sessions"></ul>
    <section id="approvals" hidden>
      <h2 data-i18n="approvals">Waiting for approval</h2>
      <ul id="approval-list" class="approvals"></ul>
    </section>
    <div id="extras"></div>
  </nav>
  <main id="chat" class="chat">
    <div id="messages" class="messages" aria-live="polite">
      <section id="welcome" class="welcome">
        <h2 data-i18n="welcome">Ask about the plant's data</h2>
        <p data-i18n="welcomeText">Type a question in Chinese or English. Every number comes with the query that produced it.</p>
        <div id="examples" class="examples"></div>
      </section>
    </div>
    <form id="composer" class="composer">
      <label for="question" class="sr" data-i18n="question">Question</label>
      <textarea id="question" rows="2" data-i18n-placeholder="placeholder" placeholder="Ask a question…"></textarea>
      <div class="buttons">
        <button id="send" type="submit" data-i18n="send">Send</button>
        <button id="cancel" type="button" class="danger" disabled data-i18n="cancel">Cancel</button>
      </div>
      <p class="keys" data-i18n="keys">Enter sends · Shift+Enter new line · Esc cancels</p>
    </form>
  </main>
</div>
</body>
</html>
`;
