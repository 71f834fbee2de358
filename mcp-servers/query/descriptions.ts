/**
 * The tool descriptions: the whole contract a model sees, written as a manual
 * for a new employee, in English and Chinese.
 */
import { METRIC_DEFINITIONS } from '../../src/plant/schema.js';

export function queryDatabaseDescription(maxRows: number): string {
  return (
    `Run ONE read-only SQL query (SQLite dialect) on the plant database and get the rows back.
在工厂数据库上执行【一条】只读 SQL 查询（SQLite 语法），返回结果行。

Rules — a query that breaks one is refused with the reason and a corrected example; fix it and call again:
1. Read-only: a single SELECT (or WITH … SELECT). Never INSERT/UPDATE/DELETE/CREATE/DROP/ALTER/ATTACH/PRAGMA.
2. Name the columns you need. No SELECT * and no table.* — count(*) is fine.
3. Filter with WHERE (line, date range …) so you read only what you need: without it a query on ` +
    `quality_data reads every row and may be stopped at the time limit.
4. LIMIT is mandatory and at most ${maxRows}: end the query with LIMIT n (a plain number 1..${maxRows}).
   The result says has_more=true when more rows exist: fetch the next page with LIMIT ${maxRows} OFFSET ${maxRows}, then OFFSET ${maxRows * 2} …
5. Prefer aggregates (SUM, COUNT, AVG, GROUP BY) over fetching raw rows; filter on indexed columns (quality_data: line_id, record_date).
6. purpose: say in one sentence the business question this query answers (it goes to the audit log).
7. Not sure of a table or column name? Call describe_schema first.
8. Limits: one value may hold at most 1 MB (no huge zeroblob/randomblob/printf widths); a ` +
    `result is cut at 2 MB (has_more=true with a note: page on with OFFSET).
9. Over days, weeks, months or years use the rollups (exact, kept up to date by every import; when describe_schema ` +
    `lists them): quality_daily (day × line × shift × product: batches, inspected_qty, defect_qty), ` +
    `quality_daily_defects (day × line × shift × defect_type: batches, defect_qty), quality_daily_inspectors ` +
    `(quality_daily × inspector). Same formulas: SUM(inspected_qty), SUM(defect_qty); SUM(batches) counts batches. ` +
    `quality_data only for a batch, an hour (recorded_at) or a column the rollups lack.

规则 —— 违反规则的查询会被拒绝，并返回原因和修改后的示例；请按示例修改后重试：
1. 只读：只能是一条 SELECT（或 WITH … SELECT）。禁止 INSERT/UPDATE/DELETE/CREATE/DROP/ALTER/ATTACH/PRAGMA。
2. 写出需要的列名，禁止 SELECT * 和 表名.*；count(*) 可以使用。
3. 用 WHERE 条件过滤（产线、日期范围等），只读取需要的数据：不加 WHERE 的 quality_data 查询会读取全部行，可能超时被终止。
4. 必须以 LIMIT n 结尾，n 为 1 到 ${maxRows} 的整数。结果中 has_more=true 表示还有更多行：用 LIMIT ${maxRows} OFFSET ${maxRows} 翻页。
5. 优先使用聚合（SUM、COUNT、AVG、GROUP BY），按索引列过滤（quality_data 的 line_id、record_date）。
6. purpose（用途）：用一句话说明这条查询回答的业务问题（写入审计日志）。
7. 不确定表名或列名时，先调用 describe_schema。
8. 限制：单个值最多 1 MB（不要用超大的 zeroblob/randomblob/printf 宽度）；结果超过 2 MB 会被截断（has_more=true 并附说明，用 OFFSET 翻页）。
9. 按天、周、月、年统计时用汇总表（精确，每次导入都会更新；describe_schema 列出时可用）：quality_daily（日 × 产线 × 班次 × 产品）、` +
    `quality_daily_defects（日 × 产线 × 班次 × 不良类型）、quality_daily_inspectors（再按检验员）。公式相同：SUM(inspected_qty)、` +
    `SUM(defect_qty)，批次数用 SUM(batches)。只有查单个批次、具体时刻（recorded_at）或汇总表没有的列时才查 quality_data。

Metric definitions / 指标定义:
${METRIC_DEFINITIONS.map((definition) => `- ${definition}`).join('\n')}

Good / 正确示例 (line A's defect rate on 2025-01-15 / A 线 2025-01-15 的次品率):
  SELECT line_id, SUM(inspected_qty) AS output, ROUND(100.0 * SUM(defect_qty) / ` +
    `SUM(inspected_qty), 2) AS defect_rate_pct FROM quality_data WHERE line_id = 'A' AND record_date ` +
    `= '2025-01-15' GROUP BY line_id LIMIT 10
Good / 正确示例 (defect rate per line for a week, from the rollup / 一周各产线次品率，查汇总表):
  SELECT line_id, SUM(inspected_qty) AS output, ROUND(100.0 * SUM(defect_qty) / SUM(inspected_qty), 2) AS ` +
    `defect_rate_pct FROM quality_daily WHERE record_date BETWEEN '2025-01-06' AND '2025-01-12' GROUP BY line_id LIMIT 10
Bad / 错误示例 (refused: SELECT * and no LIMIT; no WHERE reads the whole table / 被拒绝：SELECT *、无 LIMIT；无 WHERE 会读全表):
  SELECT * FROM quality_data

Result: columns, rows (arrays in column order), row_count, has_more, elapsed_ms, cached.
结果：columns（列名）、rows（行）、row_count（行数）、has_more（是否还有更多）、elapsed_ms（耗时）、cached（是否来自缓存）。`
  );
}

export const DESCRIBE_SCHEMA_DESCRIPTION =
  `List the plant database's tables with their columns, types, indexes and row counts, plus the ` +
  `metric definitions (output, defect rate, yield, weeks). Give a table name to see just that ` +
  `table. Call this before writing SQL when unsure of a name.
列出工厂数据库的表、列、类型、索引和行数，以及指标定义（产量、次品率、良率、周的划分）。传入表名只看该表。不确定表名或列名时，先调用本工具再写 SQL。`;
