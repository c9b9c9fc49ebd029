import AlmanacStorage

/// What a schema holds, as the server describes it, one sorted line per thing: every relation
/// and its kind, every column with its type, collation, default and generation, every index and
/// constraint by its definition, and whatever else could hold code — triggers, rules, policies,
/// row-level security, inheritance links either way, extended statistics, functions, operators,
/// types, collations, conversions, operator classes and families, text search objects,
/// extensions. The operator's nightly run compares a store's with Almanac's own (the schema its
/// migrations make, on the same server) before reading it (docs/POSTGRES.md): an allow-list, so
/// nothing of the owner's — a partial index's predicate, an inheritance child's `CHECK`, a
/// default — is ever planned or run with the operator's rights.
enum PostgresDefinition {
    /// The lines of `schema`'s definition, with the schema's own name left out of them; through
    /// the session's function when `prepared` made it.
    static func lines(of schema: String, _ db: any SQLSession, prepared: Bool) throws -> [String] {
        var lines: [String] = []
        try db.forEachRow(prepared ? "SELECT pg_temp.almanac_definition($1)" : query, [.text(schema)]) { row in
            lines.append(row.string(0).replacingOccurrences(of: " \(schema).", with: " "))
        }
        return lines.sorted()
    }

    /// What `actual` has that `expected` does not, and what it lacks; empty when they are the same.
    static func differences(_ actual: [String], from expected: [String]) -> (extra: [String], missing: [String]) {
        let have = Set(actual), want = Set(expected)
        return (actual.filter { !want.contains($0) }, expected.filter { !have.contains($0) })
    }

    /// Makes the query a function of the session, in its own temporary schema (gone with the
    /// connection): its plan is then made once for the connection, not for every store. (The
    /// night points the connection at each store in turn, and a plan made under one search path
    /// is made again under another; the function keeps its own.) Returns false when the role may
    /// not make temporary objects (`TEMPORARY` revoked on the database): the query is then sent,
    /// and planned, each time.
    static func prepare(_ backend: PostgresBackend) -> Bool {
        (try? backend.simple("""
            CREATE FUNCTION pg_temp.almanac_definition(text) RETURNS SETOF text LANGUAGE plpgsql STABLE
            SET search_path = pg_catalog, pg_temp SET plan_cache_mode = force_generic_plan
            AS $$ BEGIN RETURN QUERY \(query); END $$
            """)) != nil
    }

    /// Every object of the schema `$1` and everything attached to its relations, as text. The
    /// schema's objects are found through their dependency on it (`pg_depend`, what `DROP SCHEMA
    /// … CASCADE` follows), by index, and named as the server names them (`pg_describe_object`):
    /// PostgreSQL does not index `pg_class`, `pg_type` or `pg_constraint` by namespace, and a scan
    /// of them grows with every store of the server. Every relation, type, function, operator,
    /// collation, text search object, extension and other object made in a schema depends on it,
    /// except those that depend on another instead: an index (found through its table), a table's
    /// row type and an array type (left out, as their table and element are listed), a constraint
    /// (found through its table or domain), a trigger, rule, policy, default or statistics object
    /// of a table (found through the table).
    static let query = """
        WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = $1),
        owned AS (SELECT d.classid, d.objid FROM pg_depend d, ns
                  WHERE d.refclassid = 'pg_namespace'::regclass AND d.refobjid = ns.oid AND d.refobjsubid = 0),
        tables AS (SELECT c.* FROM owned o JOIN pg_class c ON c.oid = o.objid WHERE o.classid = 'pg_class'::regclass),
        rels AS (SELECT * FROM tables UNION ALL SELECT c.* FROM tables t JOIN pg_index i ON i.indrelid = t.oid JOIN pg_class c ON c.oid = i.indexrelid)
        SELECT pg_describe_object('pg_class'::regclass, c.oid, 0) FROM rels c
        UNION ALL SELECT pg_describe_object(o.classid, o.objid, 0) FROM owned o WHERE o.classid <> 'pg_class'::regclass
        UNION ALL SELECT c.relname || ' has row-level security' FROM rels c WHERE c.relrowsecurity OR c.relforcerowsecurity
        UNION ALL SELECT c.relname || ' is ' || CASE c.relpersistence WHEN 'u' THEN 'unlogged' ELSE 'temporary' END FROM rels c WHERE c.relpersistence <> 'p'
        UNION ALL SELECT c.relname || ' is stored by ' || am.amname FROM rels c JOIN pg_am am ON am.oid = c.relam
                  WHERE am.amname NOT IN ('heap', 'btree')
        UNION ALL SELECT c.relname || ' has options ' || array_to_string(c.reloptions, ',') FROM rels c WHERE c.reloptions IS NOT NULL
        UNION ALL SELECT c.relname || ' is a partition' FROM rels c WHERE c.relispartition
        UNION ALL SELECT 'column ' || c.relname || '.' || a.attname || ': ' || format_type(a.atttypid, a.atttypmod)
                  || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END || coalesce(' collate ' || co.collname, '')
                  || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                  || CASE WHEN a.attgenerated <> '' THEN ' generated' ELSE '' END || CASE WHEN a.attidentity <> '' THEN ' identity' ELSE '' END
                  FROM pg_attribute a JOIN rels c ON c.oid = a.attrelid LEFT JOIN pg_collation co ON co.oid = a.attcollation
                  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                  WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind <> 'i'
        UNION ALL SELECT 'index definition ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN rels c ON c.oid = i.indrelid
        UNION ALL SELECT 'constraint ' || c.relname || '.' || con.conname || ': ' || pg_get_constraintdef(con.oid)
                  FROM rels c JOIN pg_constraint con ON con.conrelid = c.oid
        UNION ALL SELECT 'constraint ' || con.conname || ': ' || pg_get_constraintdef(con.oid)
                  FROM owned o JOIN pg_constraint con ON con.conrelid = 0 AND con.contypid = o.objid WHERE o.classid = 'pg_type'::regclass
        UNION ALL SELECT 'trigger ' || c.relname || '.' || t.tgname FROM pg_trigger t JOIN rels c ON c.oid = t.tgrelid
        UNION ALL SELECT 'rule ' || c.relname || '.' || r.rulename FROM pg_rewrite r JOIN rels c ON c.oid = r.ev_class
        UNION ALL SELECT 'policy ' || c.relname || '.' || p.polname FROM pg_policy p JOIN rels c ON c.oid = p.polrelid
        UNION ALL SELECT 'inheritance: ' || ch.oid::regclass::text || ' inherits from ' || p.oid::regclass::text
                  FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent JOIN pg_class ch ON ch.oid = i.inhrelid, ns
                  WHERE p.relnamespace = ns.oid OR ch.relnamespace = ns.oid
        UNION ALL SELECT 'statistics ' || c.relname || '.' || s.stxname FROM pg_statistic_ext s JOIN rels c ON c.oid = s.stxrelid
        """
}
