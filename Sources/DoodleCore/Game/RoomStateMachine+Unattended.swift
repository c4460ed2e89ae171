/// A public room nobody is connected to (PROTOCOL.md rev 5, "Where quick play goes") closes
/// after `emptyRoomGraceSeconds`, as an empty private room does. Its members' seats would
/// otherwise last the reconnect grace, and a room of absent players is no place for a stranger:
/// quick play no longer offers it, and closing it keeps the list and the registry free of it.
/// A private room keeps its absent players' seats for the whole grace: its players were invited
/// and come back to it by its code.
extension RoomStateMachine {
    /// Since when nobody has been connected to this public room: the moment the last member
    /// dropped. Nil while someone is connected, in a private room, and in a room with no members
    /// (its `emptySince` covers that). Derived, not kept, so a restored room (every member
    /// dropped at the restore) starts its grace at the restore.
    var unattendedSince: Int64? {
        guard settings.isPublic, mode == .party, !isEmpty else { return nil }
        // House bots are always connected and never attend a room.
        let people = seats.filter { !houseBots.contains($0.id) }
        guard !people.contains(where: \.connected), !spectators.contains(where: \.connected) else { return nil }
        let dropTimes = people.compactMap(\.disconnectedAt) + spectators.compactMap(\.disconnectedAt)
        return dropTimes.max()
    }

    /// When an unattended public room is let go, if it is unattended.
    var unattendedRoomDeadline: Int64? {
        unattendedSince.map { $0 + Int64(rules.timing.emptyRoomGraceSeconds) * 1000 }
    }

    /// Lets every absent member go, as if each one's reconnect grace had run out (a running game
    /// ends as when its last players time out: recorded, `notEnoughPlayers`), then the room asks
    /// to be removed. True when it did.
    mutating func releaseUnattendedRoom(now: Int64, into effects: inout [RoomEffect]) -> Bool {
        guard let deadline = unattendedRoomDeadline, deadline <= now else { return false }
        for member in memberIDs {
            removeSeat(member, reason: .timedOut, now: now, into: &effects)
        }
        emptySince = nil
        effects.append(.roomExpired)
        return true
    }
}
