/**
 * The page's script: log-in, sessions, the question box, the SSE stream of a
 * task (EventSource, which resumes with Last-Event-ID by itself), tool cards
 * with the SQL and rows, Markdown answers built as DOM nodes (text is never
 * parsed as HTML), inline SVG charts from the answer's ChartSeries, approvals
 * for admins, zh/en. Plain ES5-style JavaScript kept in a string: the binary
 * serves it, nothing is read from disk. (No backticks or dollar-brace inside.)
 */
export const PAGE_JS = String.raw`(function () {
  'use strict';
  var I18N = {
    en: {
      title: 'Plant assistant', skip: 'Skip to the question box', sessions: 'Sessions', logout: 'Log out', login: 'Log in',
      username: 'User name', password: 'Password', loginButton: 'Log in', newSession: 'New conversation',
      approvals: 'Waiting for approval', welcome: "Ask about the plant's data",
      welcomeText: 'Type a question in Chinese or English. Every number comes with the query that produced it.',
      question: 'Question', placeholder: 'Ask a question… e.g. line A defect rate last week', send: 'Send', cancel: 'Cancel',
      keys: 'Enter sends · Shift+Enter new line · Esc cancels', langButton: '中文',
      state_pending: 'queued', state_running: 'working', state_waiting_input: 'waiting for approval', state_success: 'done',
      state_failed: 'failed', state_cancelled: 'cancelled', queue: 'position {n} in the queue', mode_rules: 'rules', mode_model: 'model',
      rows: '{n} rows', cached: 'cached', fresh: 'not cached', purpose: 'Purpose', sql: 'SQL', result: 'Result', failedTool: 'failed',
      more: '… {n} more rows', noSessions: 'No conversations yet', noApprovals: 'Nothing waits for approval',
      approve: 'Approve', reject: 'Reject', approvalNeeded: 'This action needs an admin to approve it: {skill}',
      approvalBy: 'approved by {who}', rejectedBy: 'rejected by {who}', loginFailed: 'Log-in failed', error: 'Error',
      networkLost: 'Connection lost — reconnecting…', cancelledNote: 'Cancelled.', skill: 'skill', noData: 'no data',
      examples: ["What was line A's defect rate last Wednesday?", "This week's quality report", 'Which line was worst last week?',
        'Which machines are overdue for maintenance?', 'Press 3 on line B is vibrating, what fixed this before?', 'Is the on-call engineer on a public holiday today? Any P1 issues?']
    },
    zh: {
      title: '工厂助手', skip: '跳到提问框', sessions: '会话', logout: '退出登录', login: '登录',
      username: '用户名', password: '密码', loginButton: '登录', newSession: '新对话',
      approvals: '待审批', welcome: '查询工厂数据',
      welcomeText: '用中文或英文提问。每个数字都附带产生它的查询语句。',
      question: '问题', placeholder: '请输入问题… 例如：A线上周的次品率', send: '发送', cancel: '取消',
      keys: 'Enter 发送 · Shift+Enter 换行 · Esc 取消', langButton: 'English',
      state_pending: '排队中', state_running: '处理中', state_waiting_input: '等待审批', state_success: '完成',
      state_failed: '失败', state_cancelled: '已取消', queue: '排在第 {n} 位', mode_rules: '规则', mode_model: '模型',
      rows: '{n} 行', cached: '缓存命中', fresh: '未缓存', purpose: '用途', sql: 'SQL', result: '结果', failedTool: '失败',
      more: '… 另有 {n} 行', noSessions: '还没有对话', noApprovals: '没有待审批的操作',
      approve: '批准', reject: '拒绝', approvalNeeded: '此操作需要管理员批准：{skill}',
      approvalBy: '已由 {who} 批准', rejectedBy: '已被 {who} 拒绝', loginFailed: '登录失败', error: '错误',
      networkLost: '连接中断，正在重连…', cancelledNote: '已取消。', skill: '技能', noData: '无数据',
      examples: ['A线上周三的次品率是多少？', '本周质量周报', '上周哪条线的不良率最高？', '哪些设备保养逾期了？', 'B线3号冲压机振动，以前怎么修的？', '值班工程师今天是节假日吗？有哪些P1问题？']
    }
  };
  var COLORS = ['#0040a8', '#c2410c', '#00662b', '#7e22ce', '#b00020', '#0e7490'];

  var state = { lang: 'en', user: null, session: null, running: null, approvalsTimer: null };

  function $(id) { return document.getElementById(id); }
  function t(key, values) {
    var text = (I18N[state.lang] && I18N[state.lang][key]) || I18N.en[key] || key;
    if (values) Object.keys(values).forEach(function (name) { text = text.split('{' + name + '}').join(String(values[name])); });
    return text;
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (name) {
      var value = attrs[name];
      if (value === undefined || value === null || value === false) return;
      if (name === 'text') node.textContent = value;
      else if (name === 'className') node.className = value;
      else if (name.slice(0, 2) === 'on') node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? '' : value);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  // ---------- language ----------
  function chooseLanguage() {
    var saved = null;
    try { saved = localStorage.getItem('airgap-lang'); } catch (e) { saved = null; }
    if (saved === 'zh' || saved === 'en') return saved;
    var langs = navigator.languages || [navigator.language || 'en'];
    for (var i = 0; i < langs.length; i++) {
      var lang = String(langs[i]).toLowerCase();
      if (lang.indexOf('zh') === 0) return 'zh';
      if (lang.indexOf('en') === 0) return 'en';
    }
    return 'en';
  }
  function applyLanguage() {
    document.documentElement.lang = state.lang === 'zh' ? 'zh-CN' : 'en';
    document.title = t('title');
    Array.prototype.forEach.call(document.querySelectorAll('[data-i18n]'), function (node) { node.textContent = t(node.getAttribute('data-i18n')); });
    Array.prototype.forEach.call(document.querySelectorAll('[data-i18n-placeholder]'), function (node) { node.setAttribute('placeholder', t(node.getAttribute('data-i18n-placeholder'))); });
    var toggle = $('lang-toggle');
    toggle.textContent = t('langButton');
    toggle.setAttribute('lang', state.lang === 'zh' ? 'en' : 'zh');
    $('sidebar').setAttribute('aria-label', t('sessions'));
    renderExamples();
    Array.prototype.forEach.call(document.querySelectorAll('[data-state]'), function (node) { node.textContent = t('state_' + node.getAttribute('data-state')); });
  }
  function renderExamples() {
    var box = $('examples');
    box.textContent = '';
    t('examples').forEach(function (question) {
      box.appendChild(el('button', { type: 'button', text: question, onclick: function () { $('question').value = question; send(); } }));
    });
  }

  // ---------- HTTP ----------
  function api(method, path, body) {
    var options = { method: method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
    if (body !== undefined) { options.headers['Content-Type'] = 'application/json'; options.body = JSON.stringify(body); }
    return fetch(path, options).then(function (response) {
      if (response.status === 204) return null;
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) {
          var error = new Error((data && data.error && data.error.message) || ('HTTP ' + response.status));
          error.status = response.status; error.hint = data && data.error && data.error.hint; error.code = data && data.error && data.error.code;
          throw error;
        }
        return data;
      });
    });
  }

  // ---------- Markdown (escaped by construction: only text nodes and known elements) ----------
  function inline(text) {
    var out = [];
    var pattern = /(\x60[^\x60]+\x60|\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*)/g;
    var last = 0, match;
    while ((match = pattern.exec(text)) !== null) {
      if (match.index > last) out.push(document.createTextNode(text.slice(last, match.index)));
      var token = match[0];
      if (token.charAt(0) === '\x60') out.push(el('code', { text: token.slice(1, -1) }));
      else if (token.slice(0, 2) === '**' || token.slice(0, 2) === '__') out.push(el('strong', null, inline(token.slice(2, -2))));
      else out.push(el('em', null, inline(token.slice(1, -1))));
      last = match.index + token.length;
    }
    if (last < text.length) out.push(document.createTextNode(text.slice(last)));
    return out;
  }
  function splitRow(line) {
    var trimmed = line.trim();
    if (trimmed.charAt(0) === '|') trimmed = trimmed.slice(1);
    if (trimmed.charAt(trimmed.length - 1) === '|') trimmed = trimmed.slice(0, -1);
    return trimmed.split('|').map(function (cell) { return cell.trim(); });
  }
  function isNumber(text) { return /^[-+]?[\d,]*\.?\d+\s*%?$/.test(text); }
  function markdown(source) {
    var root = el('div', { className: 'answer' });
    var lines = String(source || '').replace(/\r\n?/g, '\n').split('\n');
    var i = 0, paragraph = [];
    function flush() {
      if (paragraph.length === 0) return;
      var p = el('p');
      paragraph.forEach(function (line, index) { if (index > 0) p.appendChild(el('br')); inline(line).forEach(function (node) { p.appendChild(node); }); });
      root.appendChild(p);
      paragraph = [];
    }
    while (i < lines.length) {
      var line = lines[i];
      var fence = /^\s*(\x60{3}|~~~)/.exec(line);
      if (fence) {
        flush();
        var code = [];
        i++;
        while (i < lines.length && lines[i].trim().indexOf(fence[1]) !== 0) { code.push(lines[i]); i++; }
        i++;
        root.appendChild(el('pre', null, [el('code', { text: code.join('\n') })]));
        continue;
      }
      if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
        flush();
        var header = splitRow(line);
        i += 2;
        var body = [];
        while (i < lines.length && /^\s*\|/.test(lines[i])) { body.push(splitRow(lines[i])); i++; }
        root.appendChild(table(header, body, true));
        continue;
      }
      var heading = /^(#{1,6})\s+(.*)$/.exec(line);
      if (heading) { flush(); root.appendChild(el(heading[1].length <= 2 ? 'h3' : 'h4', null, inline(heading[2]))); i++; continue; }
      var item = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(line);
      if (item) {
        flush();
        var ordered = /\d/.test(item[1]);
        var list = el(ordered ? 'ol' : 'ul');
        while (i < lines.length) {
          var next = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(lines[i]);
          if (!next || /\d/.test(next[1]) !== ordered) break;
          list.appendChild(el('li', null, inline(next[2])));
          i++;
        }
        root.appendChild(list);
        continue;
      }
      if (line.trim() === '') { flush(); i++; continue; }
      paragraph.push(line);
      i++;
    }
    flush();
    return root;
  }
  function table(header, rows, markdownCells) {
    var head = el('tr', null, header.map(function (cell) { return el('th', { scope: 'col' }, markdownCells ? inline(String(cell)) : [String(cell)]); }));
    var body = rows.map(function (row) {
      return el('tr', null, row.map(function (cell) {
        var text = cell === null || cell === undefined ? '' : String(cell);
        return el('td', { className: isNumber(text) ? 'num' : null }, markdownCells ? inline(text) : [text]);
      }));
    });
    return el('div', { className: 'table-wrap' }, [el('table', null, [el('thead', null, [head]), el('tbody', null, body)])]);
  }

  // ---------- charts: inline SVG from ChartSeries ----------
  var SVG = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function niceStep(range) {
    if (!(range > 0)) return 1;
    var raw = range / 5, power = Math.pow(10, Math.floor(Math.log10(raw))), unit = raw / power;
    return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
  }
  function formatTick(value) {
    var abs = Math.abs(value);
    if (abs >= 1e6) return (value / 1e6).toFixed(1) + 'M';
    if (abs >= 1e4) return (value / 1e3).toFixed(0) + 'k';
    if (abs !== 0 && abs < 1) return String(Number(value.toPrecision(3)));
    return String(Math.round(value * 100) / 100);
  }
  function chart(spec) {
    var width = 720, height = 340, left = 64, right = 16, top = 40, bottom = 64;
    var x = spec.x || [], series = spec.series || [];
    var values = [];
    series.forEach(function (s) { (s.values || []).forEach(function (v) { if (typeof v === 'number' && isFinite(v)) values.push(v); }); });
    var root = svg('svg', { viewBox: '0 0 ' + width + ' ' + height, role: 'img', 'aria-label': spec.title || 'chart' });
    root.appendChild(svg('title', {}, spec.title || ''));
    root.appendChild(svg('text', { x: left, y: 22, 'font-size': 18, 'font-weight': 700 }, spec.title || ''));
    if (values.length === 0 || x.length === 0) {
      root.appendChild(svg('text', { x: width / 2, y: height / 2, 'text-anchor': 'middle', 'font-size': 16 }, t('noData')));
      return root;
    }
    var min = Math.min(0, Math.min.apply(null, values)), max = Math.max.apply(null, values);
    if (max === min) max = min + 1;
    var step = niceStep(max - min);
    min = Math.floor(min / step) * step; max = Math.ceil(max / step) * step;
    var plotW = width - left - right, plotH = height - top - bottom;
    function yOf(v) { return top + plotH - ((v - min) / (max - min)) * plotH; }
    var band = plotW / x.length;
    function xOf(index) { return left + band * index + band / 2; }
    for (var tick = min; tick <= max + step / 2; tick += step) {
      var y = yOf(tick);
      root.appendChild(svg('line', { x1: left, x2: width - right, y1: y, y2: y, stroke: tick === 0 ? '#0a0a0a' : '#c4c4c4', 'stroke-width': tick === 0 ? 2 : 1 }));
      root.appendChild(svg('text', { x: left - 6, y: y + 5, 'text-anchor': 'end', 'font-size': 13 }, formatTick(tick)));
    }
    root.appendChild(svg('line', { x1: left, x2: left, y1: top, y2: top + plotH, stroke: '#0a0a0a', 'stroke-width': 2 }));
    var every = Math.max(1, Math.ceil(x.length / 10));
    x.forEach(function (label, index) {
      if (index % every !== 0) return;
      root.appendChild(svg('text', { x: xOf(index), y: top + plotH + 20, 'text-anchor': 'middle', 'font-size': 13 }, String(label).length > 10 ? String(label).slice(5) : String(label)));
    });
    var unit = series[0] && series[0].unit ? series[0].unit : '';
    if (unit) root.appendChild(svg('text', { x: 8, y: top - 8, 'font-size': 13 }, unit));
    series.forEach(function (s, sIndex) {
      var color = COLORS[sIndex % COLORS.length];
      var group = svg('g', { 'data-series': s.name });
      if (spec.kind === 'bar') {
        var barW = Math.max(2, (band * 0.8) / series.length);
        (s.values || []).forEach(function (v, index) {
          if (typeof v !== 'number') return;
          var y0 = yOf(Math.max(0, min)), y1 = yOf(v);
          var rect = svg('rect', { x: left + band * index + band * 0.1 + barW * sIndex, y: Math.min(y0, y1), width: barW, height: Math.max(1, Math.abs(y0 - y1)), fill: color });
          rect.appendChild(svg('title', {}, s.name + ' · ' + x[index] + ': ' + v + (s.unit ? ' ' + s.unit : '')));
          group.appendChild(rect);
        });
      } else {
        var d = '', pen = false;
        (s.values || []).forEach(function (v, index) {
          if (typeof v !== 'number') { pen = false; return; }
          d += (pen ? ' L ' : ' M ') + xOf(index).toFixed(1) + ' ' + yOf(v).toFixed(1);
          pen = true;
          var dot = svg('circle', { cx: xOf(index), cy: yOf(v), r: 4, fill: color });
          dot.appendChild(svg('title', {}, s.name + ' · ' + x[index] + ': ' + v + (s.unit ? ' ' + s.unit : '')));
          group.appendChild(dot);
        });
        group.insertBefore(svg('path', { d: d.trim(), fill: 'none', stroke: color, 'stroke-width': 3, 'stroke-dasharray': sIndex % 2 ? '8 4' : '' }), group.firstChild);
      }
      root.appendChild(group);
      var lx = left + sIndex * 170, ly = height - 14;
      root.appendChild(svg('rect', { x: lx, y: ly - 12, width: 16, height: 16, fill: color }));
      root.appendChild(svg('text', { x: lx + 22, y: ly + 1, 'font-size': 14 }, s.name + (s.unit ? ' (' + s.unit + ')' : '')));
    });
    return root;
  }

  // ---------- one question and its answer ----------
  function TaskView(question) {
    this.box = el('article', { className: 'a', 'aria-busy': 'true' });
    this.stateBadge = el('span', { className: 'badge pending', 'data-state': 'pending', text: t('state_pending') });
    this.modeEl = el('span');
    this.queueEl = el('span');
    this.status = el('div', { className: 'status' }, [this.stateBadge, this.modeEl, this.queueEl]);
    this.progress = el('ul', { className: 'progress' });
    this.tools = el('div', { className: 'tools' });
    this.text = el('div', { className: 'answer streaming' });
    this.charts = el('div', { className: 'charts' });
    this.extra = el('div');
    this.cards = {};
    this.streamed = '';
    this.box.appendChild(this.status);
    this.box.appendChild(this.progress);
    this.box.appendChild(this.tools);
    this.box.appendChild(this.text);
    this.box.appendChild(this.charts);
    this.box.appendChild(this.extra);
    var messages = $('messages');
    messages.appendChild(el('div', { className: 'q', text: question }));
    messages.appendChild(this.box);
    this.scroll();
  }
  TaskView.prototype.scroll = function () { var m = $('messages'); m.scrollTop = m.scrollHeight; };
  TaskView.prototype.setState = function (taskState) {
    this.stateBadge.className = 'badge ' + taskState;
    this.stateBadge.setAttribute('data-state', taskState);
    this.stateBadge.textContent = t('state_' + taskState);
    if (taskState !== 'pending') this.queueEl.textContent = '';
    var final = taskState === 'success' || taskState === 'failed' || taskState === 'cancelled';
    this.box.setAttribute('aria-busy', final ? 'false' : 'true');
  };
  TaskView.prototype.toolStart = function (data) {
    var card = toolCard(data);
    this.cards[data.id] = card;
    this.tools.appendChild(card);
    this.scroll();
  };
  TaskView.prototype.toolEnd = function (data) {
    var card = toolCard(data);
    var old = this.cards[data.id];
    if (old && old.parentNode) old.parentNode.replaceChild(card, old); else this.tools.appendChild(card);
    this.cards[data.id] = card;
  };
  TaskView.prototype.answer = function (answer) {
    var self = this;
    this.answered = true;
    var rendered = markdown(answer.answer);
    this.text.parentNode.replaceChild(rendered, this.text);
    this.text = rendered;
    if (answer.mode) this.modeEl.textContent = t('mode_' + answer.mode) + (answer.skill ? ' · ' + answer.skill : '');
    if (this.tools.childNodes.length === 0 && answer.tool_calls) answer.tool_calls.forEach(function (call) {
      self.tools.appendChild(toolCard({ id: call.id, tool: call.name, arguments: call.arguments, ok: call.ok, ms: call.ms, cached: call.cached, result: call.result, error: call.error, done: true }));
    });
    this.charts.textContent = '';
    (answer.charts || []).forEach(function (spec) { self.charts.appendChild(el('figure', { className: 'chart' }, [chart(spec)])); });
    // extras.js (feedback, hand-over, script-run card) listens for this
    document.dispatchEvent(new CustomEvent('airgap-answer', { detail: { box: this.box, extra: this.extra, answer: answer } }));
    this.scroll();
  };
  TaskView.prototype.error = function (data) {
    this.extra.appendChild(el('p', { className: 'task-error', role: 'alert', text: (data.code === 'CANCELLED' ? t('cancelledNote') : t('error') + ': ') + (data.code === 'CANCELLED' ? '' : data.message + (data.hint ? ' — ' + data.hint : '')) }));
  };

  function toolCard(data) {
    var done = data.ok !== undefined;
    var args = data.arguments || {};
    var result = data.result;
    var rows = typeof data.rows === 'number' ? data.rows : (result && result.rows ? result.rows.length : null);
    var summaryBits = [el('b', { text: data.tool || data.name })];
    if (done) {
      summaryBits.push(el('span', { className: 'meta', text: (data.ok ? '' : t('failedTool') + ' · ') + (rows !== null ? t('rows', { n: rows }) + ' · ' : '') + Math.round(data.ms) + ' ms' }));
      summaryBits.push(data.cached ? el('span', { className: 'cached', text: t('cached') }) : el('span', { className: 'meta', text: t('fresh') }));
    } else {
      summaryBits.push(el('span', { className: 'meta', text: '…' }));
    }
    var body = el('div', { className: 'body' });
    if (args.purpose) body.appendChild(el('p', { className: 'purpose' }, [el('strong', { text: t('purpose') + ': ' }), String(args.purpose)]));
    if (args.sql) body.appendChild(el('pre', { className: 'sql', 'aria-label': t('sql') }, [el('code', { text: String(args.sql) })]));
    else {
      var shown = {};
      Object.keys(args).forEach(function (key) { if (key !== 'purpose') shown[key] = args[key]; });
      if (Object.keys(shown).length) body.appendChild(el('pre', null, [el('code', { text: JSON.stringify(shown, null, 1) })]));
    }
    if (done && result && result.columns && result.rows) {
      var limit = 50;
      body.appendChild(table(result.columns, result.rows.slice(0, limit), false));
      if (result.rows.length > limit) body.appendChild(el('p', { className: 'meta', text: t('more', { n: result.rows.length - limit }) }));
    } else if (done && typeof result === 'string' && result) {
      body.appendChild(el('pre', null, [el('code', { text: result.slice(0, 1500) })]));
    }
    if (done && !data.ok && data.error) body.appendChild(el('p', { className: 'task-error', text: String(data.error).slice(0, 500) }));
    var card = el('details', { className: 'tool' + (done && !data.ok ? ' failed' : ''), 'data-tool': data.tool || data.name, open: args.sql ? true : null }, [el('summary', null, summaryBits), body]);
    return card;
  }

  // ---------- streaming ----------
  function follow(taskId, view) {
    view.box.setAttribute('data-task', taskId);
    var source = new EventSource('/api/tasks/' + encodeURIComponent(taskId) + '/events');
    var finished = false;
    var lost = null;
    state.running = { taskId: taskId, view: view, source: source };
    updateButtons();
    function on(name, handler) {
      source.addEventListener(name, function (event) {
        if (lost && lost.parentNode) { lost.parentNode.removeChild(lost); lost = null; }
        var data = {};
        try { data = JSON.parse(event.data); } catch (e) { data = {}; }
        handler(data);
      });
    }
    on('task-state', function (data) { view.setState(data.state); });
    on('queue-position', function (data) { view.queueEl.textContent = t('queue', { n: data.position }); });
    on('mode', function (data) { view.modeEl.textContent = t('mode_' + data.mode); });
    on('token', function (data) { view.streamed += data.text; view.text.textContent = view.streamed; view.scroll(); });
    on('tool-call-start', function (data) { view.toolStart(data); });
    on('tool-call-end', function (data) { view.toolEnd(data); });
    on('skill-start', function (data) { view.progress.appendChild(el('li', { text: t('skill') + ' ' + data.skill + ' ' + data.version })); });
    on('skill-progress', function (data) { view.progress.appendChild(el('li', { text: data.message })); view.scroll(); });
    on('retry', function (data) { view.progress.appendChild(el('li', { text: '↻ ' + data.reason })); });
    on('notice', function (data) { view.progress.appendChild(el('li', { text: data.message })); });
    on('answer', function (data) { view.answer(data); });
    on('task-error', function (data) { view.error(data); });
    on('approval-required', function (data) {
      view.extra.appendChild(el('p', { className: 'approval-box', text: t('approvalNeeded', { skill: data.skill }) }));
      if (state.user && state.user.role === 'admin') loadApprovals();
    });
    on('approval-decided', function (data) { view.extra.appendChild(el('p', { text: t(data.approved ? 'approvalBy' : 'rejectedBy', { who: data.by }) })); });
    on('done', function (data) {
      finished = true;
      source.close();
      view.setState(data.state);
      if (state.running && state.running.taskId === taskId) state.running = null;
      updateButtons();
      loadSessions();
    });
    source.onerror = function () {
      if (finished) return;
      if (source.readyState === EventSource.CLOSED) {
        // the server said there is nothing more (204) or refused: read the task's final state
        api('GET', '/api/tasks/' + encodeURIComponent(taskId)).then(function (task) {
          view.setState(task.state);
          if (task.result && !view.answered) view.answer(task.result);
        }).catch(function () { return null; });
        if (state.running && state.running.taskId === taskId) state.running = null;
        updateButtons();
        return;
      }
      if (!lost) { lost = el('p', { className: 'meta', text: t('networkLost') }); view.extra.appendChild(lost); }
    };
  }

  function send() {
    var box = $('question');
    var question = box.value.trim();
    if (!question || state.running) return;
    box.value = '';
    var welcome = $('welcome');
    if (welcome) welcome.hidden = true;
    var view = new TaskView(question);
    var body = { question: question };
    if (state.session) body.session_id = state.session;
    api('POST', '/api/tasks', body).then(function (accepted) {
      state.session = accepted.session_id;
      markCurrentSession();
      follow(accepted.task_id, view);
      loadSessions();
    }).catch(function (error) {
      view.setState('failed');
      view.error({ code: error.code || 'ERROR', message: error.message, hint: error.hint });
      if (error.status === 401) showLogin();
    });
  }
  function cancel() {
    if (!state.running) return;
    $('cancel').disabled = true;
    api('POST', '/api/tasks/' + encodeURIComponent(state.running.taskId) + '/cancel').catch(function () { return null; });
  }
  function updateButtons() {
    $('send').disabled = !!state.running;
    $('cancel').disabled = !state.running;
  }

  // ---------- sessions ----------
  function loadSessions() {
    return api('GET', '/api/sessions?limit=50').then(function (data) {
      var list = $('session-list');
      list.textContent = '';
      if (!data.sessions.length) list.appendChild(el('li', { className: 'meta', text: t('noSessions') }));
      data.sessions.forEach(function (session) {
        var when = new Date(session.last_active_at);
        list.appendChild(el('li', null, [el('button', {
          type: 'button', 'data-session': session.session_id, title: session.title || '',
          'aria-current': session.session_id === state.session ? 'true' : 'false',
          onclick: function () { openSession(session.session_id); closeSidebar(); }
        }, [(session.title || session.session_id.slice(0, 8)) + ' · ' + when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })])]));
      });
    }).catch(function (error) { if (error.status === 401) showLogin(); });
  }
  function markCurrentSession() {
    Array.prototype.forEach.call(document.querySelectorAll('#session-list button'), function (button) {
      button.setAttribute('aria-current', button.getAttribute('data-session') === state.session ? 'true' : 'false');
    });
  }
  function clearMessages() {
    var messages = $('messages');
    Array.prototype.slice.call(messages.childNodes).forEach(function (node) { if (node.id !== 'welcome') messages.removeChild(node); });
  }
  function openSession(sessionId) {
    if (state.running) return;
    state.session = sessionId;
    markCurrentSession();
    clearMessages();
    $('welcome').hidden = true;
    api('GET', '/api/sessions/' + encodeURIComponent(sessionId) + '/tasks').then(function (data) {
      document.dispatchEvent(new CustomEvent('airgap-session', { detail: { session: sessionId } }));
      data.tasks.forEach(function (task) {
        var view = new TaskView(task.question);
        view.setState(task.state);
        view.box.setAttribute('data-task', task.task_id);
        if (task.state === 'pending' || task.state === 'running' || task.state === 'waiting_input') { follow(task.task_id, view); return; }
        if (task.result) view.answer(task.result);
        else if (task.error) view.error({ code: task.state === 'cancelled' ? 'CANCELLED' : 'ERROR', message: task.error });
      });
    });
  }
  function newSession() {
    if (state.running) return;
    state.session = null;
    clearMessages();
    $('welcome').hidden = false;
    markCurrentSession();
    closeSidebar();
    $('question').focus();
  }

  // ---------- approvals (admins) ----------
  function loadApprovals() {
    if (!state.user || state.user.role !== 'admin') return;
    api('GET', '/api/approvals?state=pending').then(function (data) {
      var section = $('approvals');
      var list = $('approval-list');
      section.hidden = false;
      list.textContent = '';
      if (!data.approvals.length) list.appendChild(el('li', { className: 'meta', text: t('noApprovals') }));
      data.approvals.forEach(function (approval) {
        function decide(decision) {
          return function () { api('POST', '/api/approvals/' + encodeURIComponent(approval.approval_id), { decision: decision }).then(loadApprovals).catch(loadApprovals); };
        }
        list.appendChild(el('li', { 'data-approval': approval.approval_id }, [
          el('strong', { text: approval.skill }),
          el('span', { text: (approval.username || '?') + ': ' + approval.question }),
          el('code', { text: JSON.stringify(approval.arguments) }),
          el('div', { className: 'row' }, [
            el('button', { type: 'button', className: 'small', text: t('approve'), onclick: decide('approve') }),
            el('button', { type: 'button', className: 'small danger', text: t('reject'), onclick: decide('reject') })
          ])
        ]));
      });
    }).catch(function () { return null; });
  }

  // ---------- log-in ----------
  function showLogin(known) {
    state.user = null;
    $('app-view').hidden = true;
    $('login-view').hidden = false;
    $('logout').hidden = true;
    $('who').textContent = '';
    if (state.approvalsTimer) { clearInterval(state.approvalsTimer); state.approvalsTimer = null; }
    var status = known && known.version ? Promise.resolve(known) : api('GET', '/api/status');
    status.then(function (info) {
      $('plant-name').textContent = info.plant || '';
      var hint = $('setup-hint');
      hint.hidden = !info.needs_first_admin;
      hint.textContent = info.hint || '';
    }).catch(function () { return null; });
    $('username').focus();
  }
  function showApp(user) {
    state.user = user;
    $('login-view').hidden = true;
    $('app-view').hidden = false;
    $('logout').hidden = false;
    $('who').textContent = user.username + ' (' + user.role + ')';
    loadSessions();
    if (user.role === 'admin') { loadApprovals(); state.approvalsTimer = setInterval(loadApprovals, 5000); }
    document.dispatchEvent(new CustomEvent('airgap-user', { detail: { user: user } }));
    $('question').focus();
  }
  function login(event) {
    event.preventDefault();
    var error = $('login-error');
    error.hidden = true;
    api('POST', '/api/login', { username: $('username').value, password: $('password').value }).then(function (data) {
      $('password').value = '';
      showApp(data.user);
    }).catch(function (failure) {
      error.hidden = false;
      error.textContent = t('loginFailed') + ': ' + failure.message + (failure.hint ? ' — ' + failure.hint : '');
    });
  }
  function closeSidebar() { $('sidebar').classList.remove('open'); $('menu-toggle').setAttribute('aria-expanded', 'false'); }

  function start() {
    state.lang = chooseLanguage();
    applyLanguage();
    $('lang-toggle').addEventListener('click', function () {
      state.lang = state.lang === 'zh' ? 'en' : 'zh';
      try { localStorage.setItem('airgap-lang', state.lang); } catch (e) { /* private mode */ }
      applyLanguage();
    });
    $('login-form').addEventListener('submit', login);
    $('logout').addEventListener('click', function () { api('POST', '/api/logout').then(showLogin, showLogin); });
    $('composer').addEventListener('submit', function (event) { event.preventDefault(); send(); });
    $('question').addEventListener('keydown', function (event) {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) { event.preventDefault(); send(); }
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') { if (state.running) cancel(); else closeSidebar(); }
    });
    $('cancel').addEventListener('click', cancel);
    $('new-session').addEventListener('click', newSession);
    $('menu-toggle').addEventListener('click', function () {
      var open = $('sidebar').classList.toggle('open');
      this.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
    function showData(status) {
      var line = $('data-status');
      if (!line || !status || !status.data) return;
      line.textContent = status.data.message || '';
      line.classList.toggle('stale', !!status.data.stale);
    }
    setInterval(function () { api('GET', '/api/status').then(showData).catch(function () { return null; }); }, 60000);
    api('GET', '/api/status').then(function (status) {
      showData(status);
      $('plant-name').textContent = status.plant || '';
      if (status.user) showApp(status.user); else showLogin(status);
    }).catch(function () { showLogin(null); });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
`;
