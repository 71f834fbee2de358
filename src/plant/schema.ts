/**
 * The plant database contract (../shared/design/plant-data.md, docs/plant-data.md).
 * Questions, skills, test cases and external checks rely on these tables and
 * columns: add freely, never rename or drop.
 */
export const PLANT_SCHEMA_SQL = `
CREATE TABLE production_lines (
  line_id   TEXT PRIMARY KEY,
  name      TEXT NOT NULL,
  name_en   TEXT NOT NULL,
  product   TEXT NOT NULL,
  workshop  TEXT NOT NULL
);

CREATE TABLE quality_data (
  record_id      INTEGER PRIMARY KEY,
  line_id        TEXT NOT NULL REFERENCES production_lines(line_id),
  record_date    TEXT NOT NULL,
  shift          TEXT NOT NULL,
  batch_no       TEXT NOT NULL,
  product        TEXT NOT NULL,
  inspected_qty  INTEGER NOT NULL CHECK (inspected_qty > 0),
  defect_qty     INTEGER NOT NULL CHECK (defect_qty >= 0 AND defect_qty <= inspected_qty),
  defect_type    TEXT,
  inspector      TEXT NOT NULL,
  recorded_at    TEXT NOT NULL
);
CREATE INDEX idx_quality_line_date ON quality_data(line_id, record_date);
CREATE INDEX idx_quality_date ON quality_data(record_date);
-- covering index for "top defect types over a period": index-only, grouped in index order
CREATE INDEX idx_quality_type_date ON quality_data(defect_type, record_date, defect_qty);

CREATE TABLE equipment (
  equipment_id      TEXT PRIMARY KEY,
  line_id           TEXT NOT NULL REFERENCES production_lines(line_id),
  name              TEXT NOT NULL,
  type              TEXT NOT NULL,
  status            TEXT NOT NULL,
  last_maintenance  TEXT,
  next_maintenance  TEXT
);

CREATE TABLE engineers (
  engineer_id   INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  login         TEXT NOT NULL UNIQUE,
  email         TEXT NOT NULL,
  country_code  TEXT NOT NULL,
  timezone      TEXT NOT NULL
);

CREATE TABLE rotations (
  engineer_id INTEGER NOT NULL REFERENCES engineers(engineer_id),
  starts_at   TEXT NOT NULL,
  ends_at     TEXT NOT NULL
);
CREATE INDEX idx_rotations_window ON rotations(starts_at, ends_at);

CREATE TABLE work_orders (
  order_id       INTEGER PRIMARY KEY,
  equipment_id   TEXT REFERENCES equipment(equipment_id),
  line_id        TEXT NOT NULL REFERENCES production_lines(line_id),
  priority       TEXT NOT NULL,
  status         TEXT NOT NULL,
  title          TEXT NOT NULL,
  symptom        TEXT NOT NULL,
  root_cause     TEXT,
  resolution     TEXT,
  assignee_id    INTEGER REFERENCES engineers(engineer_id),
  opened_at      TEXT NOT NULL,
  closed_at      TEXT
);
CREATE INDEX idx_work_orders_status ON work_orders(status, priority);
CREATE INDEX idx_work_orders_equipment ON work_orders(equipment_id);
`;

/** Metric definitions every answer uses (also served by describe_schema). */
export const METRIC_DEFINITIONS = [
  'output (产量) of a line over a period = SUM(inspected_qty), in pieces (件)',
  'defect rate (次品率 / 不良率) = SUM(defect_qty) / SUM(inspected_qty), shown as a percentage with two decimals',
  'yield (良率) = 1 − defect rate',
  'weeks start on Monday: "this week" is Monday 00:00 to now, "last week" the Monday–Sunday before, "last Wednesday" the Wednesday of last week',
  'all timestamps are ISO 8601 text in the plant time zone; dates are YYYY-MM-DD',
];

/**
 * What the demo seeder adds on top of the contract (docs/plant-data.md, "What
 * the demo seeder adds"). Applied after PLANT_SCHEMA_SQL; added columns come
 * by ALTER TABLE so the contract text above stays exactly as agreed.
 */
export const PLANT_DEMO_SCHEMA_SQL = `
ALTER TABLE production_lines ADD COLUMN product_en TEXT;
ALTER TABLE equipment ADD COLUMN name_en TEXT;

CREATE TABLE defect_types (
  defect_type  TEXT PRIMARY KEY,
  name_zh      TEXT NOT NULL,
  name_en      TEXT NOT NULL
);

CREATE TABLE equipment_types (
  type     TEXT PRIMARY KEY,
  name_zh  TEXT NOT NULL,
  name_en  TEXT NOT NULL
);

CREATE TABLE quality_incidents (
  incident_date  TEXT NOT NULL,
  line_id        TEXT NOT NULL REFERENCES production_lines(line_id),
  defect_type    TEXT NOT NULL REFERENCES defect_types(defect_type),
  factor         REAL NOT NULL,
  equipment_id   TEXT REFERENCES equipment(equipment_id),
  order_id       INTEGER REFERENCES work_orders(order_id),
  PRIMARY KEY (incident_date, line_id)
);

CREATE TABLE seed_info (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
);
`;
