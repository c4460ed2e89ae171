extension Migration {
    /// Node-to-node messages too long for one `NOTIFY` (`PostgresNodeChannels`): stored, named by
    /// the notification, and deleted by the listener that takes them; one nobody took is swept
    /// after a minute.
    static let v5NodeMessages = Migration(
        identifier: "v5-node-messages",
        sqlite: nil,
        postgres: [
            """
            CREATE TABLE node_message (
                id BIGSERIAL PRIMARY KEY,
                body TEXT COLLATE "C" NOT NULL,
                sent_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX node_message_sent_at ON node_message (sent_at)"
        ])
}
