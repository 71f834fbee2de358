/**
 * The chat page's additions for issue 16, a second script beside app.js
 * (served as /assets/extras.js under the same strict CSP): a card for every
 * maintenance-script run in an answer; right/wrong feedback with a correction
 * and "hand over to an engineer" under each answer; engineers' answers shown
 * in the conversation; and, for admins, the engineer queue, the feedback
 * review (review, dismiss, teach a phrasing, export as agent-test cases),
 * the taught phrasings (remove), the script-run audit, and the report files
 * (download; everyone). Built from text nodes only, like app.js.
 */
export const EXTRAS_JS = String.raw`(function () {
  var TEXT = {
    en: {
      right: 'Right', wrong: 'Wrong', handover: 'Hand over to an engineer', correction: 'What is the right answer? (optional)',
      sendFeedback: 'Send', thanks: 'Thank you — feedback #{id} recorded', note: 'Anything the engineer should know? (optional)',
      handedOver: 'Handed over (#{id}): an engineer will answer here', engineerSays: 'Engineer {who} answered', whatDone: 'What was done: {text}',
      queue: 'Engineer queue', noQueue: 'No open hand-overs', answer: 'Answer', action: 'What you did (optional)', sendAnswer: 'Send answer',
      review: 'Feedback to review', noReview: 'No feedback waiting', skill: 'skill', args: 'arguments (JSON)', expect: 'the right answer contains (comma-separated)',
      markReviewed: 'Mark reviewed', dismiss: 'Dismiss', teach: 'Teach this phrasing', taughtOk: 'taught as phrasing #{id} (version {version})',
      exportCases: 'Export reviewed feedback as agent-test cases', phrasings: 'Taught phrasings', noPhrasings: 'None taught yet', remove: 'Remove',
      runs: 'Script runs', noRuns: 'No script runs yet', askedBy: 'asked by {who}', approvedBy: 'approved by {who}', exit: 'exit {code}',
      reports: 'Report files', noReports: 'No reports yet', scriptRun: 'Maintenance script {name}', digest: 'output sha256 {hash}…',
      saveAs: 'Save as', saved: 'Saved {name}', overwrite: '{name} already exists. Overwrite it?'
    },
    zh: {
      right: '正确', wrong: '错误', handover: '转交工程师', correction: '正确答案是什么？（可选）',
      sendFeedback: '提交', thanks: '谢谢——已记录反馈 #{id}', note: '需要告诉工程师什么？（可选）',
      handedOver: '已转交（#{id}）：工程师会在这里回复', engineerSays: '工程师 {who} 的回复', whatDone: '处理措施：{text}',
      queue: '工程师待办', noQueue: '没有待处理的转交', answer: '回复', action: '你做了什么（可选）', sendAnswer: '发送回复',
      review: '待审核的反馈', noReview: '没有待审核的反馈', skill: '技能', args: '参数（JSON）', expect: '正确答案应包含（逗号分隔）',
      markReviewed: '标记为已审核', dismiss: '忽略', teach: '学习这个问法', taughtOk: '已学习为问法 #{id}（版本 {version}）',
      exportCases: '把已审核的反馈导出为 agent-test 用例', phrasings: '已学习的问法', noPhrasings: '还没有', remove: '删除',
      runs: '脚本运行记录', noRuns: '还没有运行记录', askedBy: '{who} 发起', approvedBy: '{who} 批准', exit: '退出码 {code}',
      reports: '报表文件', noReports: '还没有报表', scriptRun: '维护脚本 {name}', digest: '输出 sha256 {hash}…',
      saveAs: '另存为', saved: '已保存 {name}', overwrite: '{name} 已存在，要覆盖吗？'
    }
  };
  var state = { user: null, session: null, shown: {}, timer: null };
  function lang() { return String(document.documentElement.lang || 'en').indexOf('zh') === 0 ? 'zh' : 'en'; }
  function t(key, values) {
    var text = TEXT[lang()][key] || TEXT.en[key] || key;
    if (values) Object.keys(values).forEach(function (name) { text = text.split('{' + name + '}').join(String(values[name])); });
    return text;
  }
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (name) {
      var value = attrs[name];
      if (value === undefined || value === null) return;
      if (name === 'text') node.textContent = value;
      else if (name === 'className') node.className = value;
      else if (name.indexOf('on') === 0) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value);
    });
    (children || []).forEach(function (child) { if (child !== null && child !== undefined) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child); });
    return node;
  }
  function api(method, path, body) {
    var options = { method: method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
    if (body !== undefined) { options.headers['Content-Type'] = 'application/json'; options.body = JSON.stringify(body); }
    return fetch(path, options).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) { var error = new Error((data && data.error && data.error.message) || ('HTTP ' + response.status)); error.hint = data && data.error && data.error.hint; throw error; }
        return data;
      });
    });
  }
  function failure(box) { return function (error) { box.appendChild(el('p', { className: 'task-error', role: 'alert', text: error.message + (error.hint ? ' — ' + error.hint : '') })); }; }

  // ---------- under each answer ----------
  function scriptCard(run) {
    return el('div', { className: 'script-card ' + run.state, 'data-script-run': run.run_id }, [
      el('strong', { text: t('scriptRun', { name: run.script }) }),
      el('span', { className: 'badge ' + (run.state === 'success' ? 'success' : 'failed'), text: run.state }),
      el('span', { text: t('exit', { code: run.exit_code === null ? '—' : run.exit_code }) + ' · ' + ((run.duration_ms || 0) / 1000).toFixed(1) + ' s' }),
      el('span', { className: 'requested-by', text: t('askedBy', { who: run.requested_by || '—' }) }),
      run.approved_by ? el('span', { className: 'approved-by', text: t('approvedBy', { who: run.approved_by }) }) : null,
      el('code', { text: t('digest', { hash: String(run.output_sha256 || '').slice(0, 16) }) })
    ]);
  }
  function feedbackBar(taskId) {
    var bar = el('div', { className: 'feedback', 'data-feedback-for': taskId });
    var form = el('div', { className: 'feedback-form', hidden: 'hidden' });
    var text = el('textarea', { rows: '2', className: 'correction' });
    var mode = null;
    function open(kind) {
      mode = kind;
      form.hidden = false;
      text.setAttribute('placeholder', t(kind === 'handover' ? 'note' : 'correction'));
      text.focus();
    }
    function submit() {
      var done = function (message) { bar.textContent = ''; bar.appendChild(el('p', { className: 'meta feedback-done', text: message })); };
      if (mode === 'handover') {
        api('POST', '/api/handovers', { task_id: taskId, note: text.value || undefined }).then(function (data) { done(t('handedOver', { id: data.handover.handover_id })); }).catch(failure(bar));
      } else {
        api('POST', '/api/feedback', { task_id: taskId, verdict: mode, correction: text.value || undefined }).then(function (data) { done(t('thanks', { id: data.feedback.feedback_id })); }).catch(failure(bar));
      }
    }
    form.appendChild(text);
    form.appendChild(el('button', { type: 'button', className: 'small send-feedback', text: t('sendFeedback'), onclick: submit }));
    bar.appendChild(el('button', { type: 'button', className: 'small ghost mark-right', text: '👍 ' + t('right'), onclick: function () { mode = 'right'; submit(); } }));
    bar.appendChild(el('button', { type: 'button', className: 'small ghost mark-wrong', text: '👎 ' + t('wrong'), onclick: function () { open('wrong'); } }));
    bar.appendChild(el('button', { type: 'button', className: 'small ghost hand-over', text: t('handover'), onclick: function () { open('handover'); } }));
    bar.appendChild(form);
    return bar;
  }
  function saveBar(taskId) {
    var bar = el('div', { className: 'save-report' }, [el('span', { className: 'meta', text: t('saveAs') + ' ' })]);
    function save(format, overwrite) {
      api('POST', '/api/reports', { task_id: taskId, format: format, overwrite: overwrite }).then(function (data) {
        bar.appendChild(el('a', { className: 'saved-report', href: data.report.url, download: data.report.name, text: t('saved', { name: data.report.name }) }));
        loadReports();
      }).catch(function (error) {
        var name = /report "(.+)" already exists/.exec(error.message);
        if (name && !overwrite && window.confirm(t('overwrite', { name: name[1] }))) save(format, true); else if (!name || overwrite) failure(bar)(error);
      });
    }
    ['md', 'html', 'csv'].forEach(function (format) {
      bar.appendChild(el('button', { type: 'button', className: 'small ghost save-' + format, text: '.' + format, onclick: function () { save(format, false); } }));
    });
    return bar;
  }
  document.addEventListener('airgap-answer', function (event) {
    var detail = event.detail;
    var taskId = detail.box.getAttribute('data-task');
    var data = detail.answer && detail.answer.data;
    if (data && data.script_run && !detail.box.querySelector('[data-script-run]')) detail.extra.appendChild(scriptCard(data.script_run));
    if (detail.answer && detail.answer.session) state.session = detail.answer.session;
    if (taskId && !detail.box.querySelector('.feedback')) {
      var bar = feedbackBar(taskId);
      // the agent could not finish: the hand-over is the suggested next step
      if (detail.answer && detail.answer.error) bar.querySelector('.hand-over').className += ' suggested';
      detail.extra.appendChild(bar);
      detail.extra.appendChild(saveBar(taskId));
    }
    loadReports();
  });

  // ---------- engineers' answers in the conversation ----------
  function showEngineerAnswers() {
    if (!state.session) return;
    api('GET', '/api/handovers?session_id=' + encodeURIComponent(state.session)).then(function (data) {
      data.handovers.forEach(function (handover) {
        if (handover.state !== 'answered' || state.shown[handover.handover_id]) return;
        var messages = $('messages');
        var box = el('article', { className: 'a engineer-answer', 'data-handover': handover.handover_id }, [
          el('p', { className: 'meta', text: t('engineerSays', { who: handover.engineer }) + ' — ' + handover.question }),
          el('p', { className: 'answer', text: handover.answer }),
          handover.action_taken ? el('p', { className: 'meta', text: t('whatDone', { text: handover.action_taken }) }) : null
        ]);
        // under the question it answers, when that question is on the page
        var asked = handover.task_id && messages.querySelector('[data-task="' + handover.task_id.replace(/[^A-Za-z0-9-]/g, '') + '"]');
        if (asked && asked.parentNode) asked.parentNode.insertBefore(box, asked.nextSibling); else messages.appendChild(box);
        state.shown[handover.handover_id] = true;
      });
    }).catch(function () { return null; });
  }
  document.addEventListener('airgap-session', function (event) { state.session = event.detail.session; state.shown = {}; setTimeout(showEngineerAnswers, 300); });

  // ---------- sidebar panels ----------
  function panel(id, title) {
    var section = $(id);
    if (!section) {
      section = el('section', { id: id, className: 'extra-panel' }, [el('h2', { text: title }), el('ul', { className: 'approvals' })]);
      $('extras').appendChild(section);
    }
    section.firstChild.textContent = title;
    var list = section.querySelector('ul');
    return { section: section, list: list };
  }
  function loadReports() {
    if (!state.user) return;
    api('GET', '/api/reports').then(function (data) {
      var p = panel('reports-panel', t('reports'));
      p.list.textContent = '';
      if (!data.reports.length) p.list.appendChild(el('li', { className: 'meta', text: t('noReports') }));
      data.reports.slice(0, 20).forEach(function (report) {
        p.list.appendChild(el('li', null, [el('a', { href: '/api/reports/' + encodeURIComponent(report.name), download: report.name, text: report.name }), el('span', { className: 'meta', text: ' ' + Math.ceil(report.bytes / 1024) + ' KB' })]));
      });
    }).catch(function () { return null; });
  }
  function loadQueue() {
    api('GET', '/api/handovers?state=open').then(function (data) {
      var p = panel('handover-queue', t('queue'));
      p.list.textContent = '';
      if (!data.handovers.length) p.list.appendChild(el('li', { className: 'meta', text: t('noQueue') }));
      data.handovers.forEach(function (handover) {
        var answer = el('textarea', { rows: '3', className: 'handover-answer', placeholder: t('answer') });
        var action = el('textarea', { rows: '2', className: 'handover-action', placeholder: t('action') });
        var item = el('li', { 'data-handover': handover.handover_id }, [
          el('strong', { text: '#' + handover.handover_id + ' ' + handover.question }),
          el('span', { text: (handover.requested_by || '?') + (handover.note ? ': ' + handover.note : '') }),
          el('pre', { className: 'tried', text: handover.tried }),
          el('code', { text: 'trace ' + (handover.trace_id || '—') }),
          answer, action,
          el('button', { type: 'button', className: 'small send-answer', text: t('sendAnswer'), onclick: function () {
            api('POST', '/api/handovers/' + handover.handover_id + '/answer', { answer: answer.value, action_taken: action.value || undefined }).then(refreshAdmin).catch(failure(item));
          } })
        ]);
        p.list.appendChild(item);
      });
    }).catch(function () { return null; });
  }
  function loadReview() {
    api('GET', '/api/feedback').then(function (data) {
      var p = panel('feedback-review', t('review'));
      p.list.textContent = '';
      var open = data.feedback.filter(function (row) { return row.state === 'new' || (row.state === 'reviewed' && row.expected_skill); });
      if (!open.length) p.list.appendChild(el('li', { className: 'meta', text: t('noReview') }));
      open.slice(0, 30).forEach(function (row) {
        var item = el('li', { 'data-feedback': row.feedback_id });
        item.appendChild(el('strong', { text: '#' + row.feedback_id + ' ' + row.verdict + ' · ' + row.question }));
        item.appendChild(el('span', { text: (row.given_by || '?') + ' · ' + (row.skill || '—') + (row.correction ? ' · ' + row.correction : '') }));
        if (row.state === 'new') {
          var skill = el('input', { className: 'review-skill', 'aria-label': t('skill'), placeholder: t('skill'), value: row.skill || '' });
          var args = el('input', { className: 'review-args', 'aria-label': t('args'), placeholder: t('args'), value: row.arguments ? JSON.stringify(row.arguments) : '' });
          var expect = el('input', { className: 'review-expect', 'aria-label': t('expect'), placeholder: t('expect') });
          item.appendChild(skill); item.appendChild(args); item.appendChild(expect);
          item.appendChild(el('div', { className: 'row' }, [
            el('button', { type: 'button', className: 'small mark-reviewed', text: t('markReviewed'), onclick: function () {
              var body = {};
              if (skill.value.trim()) body.expected_skill = skill.value.trim();
              if (args.value.trim()) { try { body.expected_args = JSON.parse(args.value); } catch (e) { failure(item)(new Error(t('args') + ': ' + e.message)); return; } }
              var words = expect.value.split(',').map(function (word) { return word.trim(); }).filter(Boolean);
              if (words.length) body.expected_output = words;
              api('POST', '/api/feedback/' + row.feedback_id + '/review', body).then(refreshAdmin).catch(failure(item));
            } }),
            el('button', { type: 'button', className: 'small danger', text: t('dismiss'), onclick: function () { api('POST', '/api/feedback/' + row.feedback_id + '/review', { dismiss: true }).then(refreshAdmin).catch(failure(item)); } })
          ]));
        } else {
          item.appendChild(el('code', { text: row.expected_skill + ' ' + JSON.stringify(row.expected_args || {}) }));
          item.appendChild(el('button', { type: 'button', className: 'small teach', text: t('teach'), onclick: function () {
            api('POST', '/api/feedback/' + row.feedback_id + '/teach', {}).then(function (result) { item.appendChild(el('p', { className: 'meta', text: t('taughtOk', { id: result.phrasing.id, version: result.phrasing.version }) })); loadPhrasings(); }).catch(failure(item));
          } }));
        }
        p.list.appendChild(item);
      });
      if (!p.section.querySelector('.export-cases')) p.section.appendChild(el('a', { className: 'export-cases', href: '/api/feedback/export?format=agent-test', download: 'feedback-cases.yaml', text: t('exportCases') }));
    }).catch(function () { return null; });
  }
  function loadPhrasings() {
    api('GET', '/api/phrasings').then(function (data) {
      var p = panel('phrasings-panel', t('phrasings') + ' · v' + data.version);
      p.list.textContent = '';
      if (!data.phrasings.length) p.list.appendChild(el('li', { className: 'meta', text: t('noPhrasings') }));
      data.phrasings.forEach(function (row) {
        p.list.appendChild(el('li', { 'data-phrasing': row.id }, [
          el('strong', { text: '#' + row.id + ' v' + row.version + ' “' + row.phrase + '”' }),
          el('code', { text: row.skill + ' ' + JSON.stringify(row.args) }),
          el('button', { type: 'button', className: 'small danger', text: t('remove'), onclick: function () { api('DELETE', '/api/phrasings/' + row.id).then(loadPhrasings).catch(loadPhrasings); } })
        ]));
      });
    }).catch(function () { return null; });
  }
  function loadRuns() {
    api('GET', '/api/script-runs?limit=10').then(function (data) {
      var p = panel('script-runs', t('runs'));
      p.list.textContent = '';
      if (!data.runs.length) p.list.appendChild(el('li', { className: 'meta', text: t('noRuns') }));
      data.runs.forEach(function (run) {
        p.list.appendChild(el('li', { 'data-run': run.run_id }, [
          el('strong', { text: run.script + ' · ' + run.state + ' · ' + t('exit', { code: run.exit_code === null ? '—' : run.exit_code }) }),
          el('span', { className: 'requested-by', text: t('askedBy', { who: run.requested_by || '—' }) }),
          el('span', { className: 'approved-by', text: run.approved_by ? t('approvedBy', { who: run.approved_by }) : '—' }),
          el('code', { text: JSON.stringify(run.arguments) + ' · ' + String(run.output_sha256 || '').slice(0, 12) })
        ]));
      });
    }).catch(function () { return null; });
  }
  function refreshAdmin() { loadQueue(); loadReview(); loadPhrasings(); loadRuns(); }
  document.addEventListener('airgap-user', function (event) {
    state.user = event.detail.user;
    var box = $('extras');
    if (box) box.textContent = '';
    loadReports();
    if (state.timer) clearInterval(state.timer);
    state.timer = setInterval(function () {
      if (!state.user) return;
      showEngineerAnswers();
      if (state.user.role === 'admin') refreshAdmin();
    }, 4000);
    if (state.user.role === 'admin') refreshAdmin();
  });
})();
`;

export const EXTRAS_CSS = `
.feedback { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .5rem; }
.save-report { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; margin-top: .3rem; }
.hand-over.suggested { border-color: var(--warn); font-weight: 600; }
.feedback-form { display: grid; gap: .3rem; width: 100%; }
.script-card { display: flex; flex-wrap: wrap; gap: .6rem; align-items: center; border: 2px solid var(--line); border-radius: 6px; padding: .5rem; margin: .5rem 0; background: #fff; }
.script-card.failed, .script-card.timeout { border-color: var(--warn); }
.engineer-answer { border-left: 4px solid var(--accent, #2b6cb0); }
.extra-panel pre.tried { white-space: pre-wrap; font-size: .8rem; margin: 0; max-height: 8rem; overflow: auto; }
.extra-panel input, .extra-panel textarea { width: 100%; font: inherit; font-size: .85rem; }
.extra-panel a { overflow-wrap: anywhere; }
`;
