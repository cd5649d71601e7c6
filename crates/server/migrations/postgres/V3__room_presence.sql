-- Which node holds connections to which room (issue 22): one row per room and node, with the
-- connections of seat 0 (the creator), seat 1 and watchers. A node writes its own rows; the rows
-- of a node no longer alive (`server_state` `alive/<node>`) are ignored and swept by the others.
CREATE TABLE room_presence (
    room     TEXT NOT NULL,
    node     TEXT NOT NULL,
    seat0    BIGINT NOT NULL,
    seat1    BIGINT NOT NULL,
    watchers BIGINT NOT NULL,
    since    BIGINT NOT NULL,
    PRIMARY KEY (room, node)
);
CREATE INDEX room_presence_node ON room_presence (node);
