extension ReportPage {
    /// The page from up to `limit + 1` reports fetched newest first: one past `limit` means there
    /// is a next page, which starts after the page's last report.
    init(fetched: [StoredReport], limit: Int) {
        let kept = Array(fetched.prefix(max(limit, 0)))
        self.init(
            reports: kept,
            nextBefore: fetched.count > kept.count ? kept.last.map { ReportCursor(createdAt: $0.createdAt, id: $0.id) } : nil)
    }
}

extension AuditPage {
    /// The page from up to `limit + 1` entries fetched newest first, as `ReportPage`'s.
    init(fetched: [AuditEntry], limit: Int) {
        let kept = Array(fetched.prefix(max(limit, 0)))
        self.init(entries: kept, nextBefore: fetched.count > kept.count ? kept.last?.id : nil)
    }
}
