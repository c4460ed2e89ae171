import Testing

@testable import DoodleCore

/// Drawing messages: check order (not_drawer, invalid_phase, invalid_stroke), relaying, limits,
/// undo and clear as the snapshot shows them.
@Suite struct DrawingTests {
    /// 3 players; Ada draws and has chosen her word.
    private func drawingRoom(rules: GameRules? = nil) throws -> Harness {
        var h = try Fixtures.makeMachine(players: 3, rules: rules)
        h.startGame()
        try h.chooseFirst()
        return h
    }

    /// Sends `action` from the drawer and checks it was refused with invalid_stroke, not relayed.
    private func expectInvalid(_ action: DrawingAction, in h: inout Harness, sourceLocation: SourceLocation = #_sourceLocation) {
        let drawer = h.members[0]
        let seq = h.machine.seq
        let strokes = h.machine.snapshot(for: drawer).strokes
        let effects = h.draw(action, from: drawer)
        #expect(effects.sends.map(\.to) == [[drawer]], sourceLocation: sourceLocation)
        #expect(effects.errors(to: drawer) == [.invalidStroke], sourceLocation: sourceLocation)
        if case .send(_, .error(let error))? = effects.first {
            #expect(error.ref == action.typeName, sourceLocation: sourceLocation)
        }
        #expect(h.machine.seq == seq, sourceLocation: sourceLocation)
        #expect(h.machine.snapshot(for: drawer).strokes == strokes, sourceLocation: sourceLocation)
    }

    @Test func acceptedMessagesAreRelayedToEveryoneWithSeqAndPlayerId() throws {
        var h = try drawingRoom()
        let a = h.members[0]
        let effects = h.draw(.begin(7, color: "#1A2B3C", width: 8, points: [0, 0, 1599, 1199]), from: a)
        #expect(effects.sends.count == 1)
        #expect(effects.sends.first?.to == h.members, "the drawer gets its own message back as acknowledgement")
        let relayed = StrokeBegin(strokeId: 7, tool: .pen, color: "#1a2b3c", width: 8, points: [0, 0, 1599, 1199])
        #expect(effects.sends.first?.message == .event(.drawing(.strokeBegin(relayed), playerId: a), seq: h.machine.seq))
        let object = try JSON.object(try #require(effects.sends.first?.message))
        #expect(object["type"] as? String == "strokeBegin")
        #expect(object["color"] as? String == "#1a2b3c")
        #expect(object["playerId"] as? String == a)

        let fill = h.draw(.fill(FillAction(x: 10, y: 20, color: "#FFCC00")), from: a)
        #expect(fill.broadcastEvents == [.drawing(.fill(FillAction(x: 10, y: 20, color: "#ffcc00")), playerId: a)])
        h.checkSequencing(continuous: h.members)
    }

    @Test func eraserColourIsIgnored() throws {
        var h = try drawingRoom()
        let a = h.members[0]
        let effects = h.draw(.begin(1, color: "not a colour", tool: .eraser), from: a)
        guard case .drawing(.strokeBegin(let begin), _)? = effects.broadcastEvents.first else {
            Issue.record("not relayed: \(effects)")
            return
        }
        #expect(begin.color == nil)
        #expect(begin.tool == .eraser)
    }

    @Test func nonDrawerGetsNotDrawer() throws {
        var h = try drawingRoom()
        let b = h.members[1]
        for action: DrawingAction in [.begin(1), .undo, .clear, .fill(FillAction(x: 1, y: 1, color: "#000000"))] {
            let effects = h.draw(action, from: b)
            #expect(effects.sends.map(\.to) == [[b]])
            #expect(effects.errors(to: b) == [.notDrawer])
        }
    }

    @Test func drawingOutsideTheDrawingPhaseIsInvalidPhase() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        // Lobby: there is no drawer at all, so the first check in the contract's order fails.
        #expect(h.draw(.begin(1), from: a).errors(to: a) == [.notDrawer])
        h.startGame()
        // Choosing: the drawer has to choose first; others are simply not the drawer.
        #expect(h.draw(.begin(1), from: a).errors(to: a) == [.invalidPhase])
        #expect(h.draw(.begin(1), from: b).errors(to: b) == [.notDrawer])
        try h.chooseFirst()
        h.advance(by: 80_000)
        #expect(h.machine.phase == .turnEnd)
        #expect(h.draw(.begin(1), from: a).errors(to: a) == [.invalidPhase])
        // Invalid strokes from a non-drawer are not_drawer, never invalid_stroke (check order).
        h.advance(by: 5_000)
        try h.chooseFirst()
        #expect(h.draw(.begin(1, width: 0), from: a).errors(to: a) == [.notDrawer])
    }

    @Test func strokeChecks() throws {
        var h = try drawingRoom()
        // Colour.
        for color in ["#12345", "#1234567", "123456#", "red", "#GGGGGG", "#12 456", "", nil] as [String?] {
            expectInvalid(.begin(1, color: color), in: &h)
        }
        // Width.
        expectInvalid(.begin(1, width: 0), in: &h)
        expectInvalid(.begin(1, width: 65), in: &h)
        // Points: count, parity, canvas.
        expectInvalid(.begin(1, points: []), in: &h)
        expectInvalid(.begin(1, points: [10]), in: &h)
        expectInvalid(.begin(1, points: [10, 20, 30]), in: &h)
        expectInvalid(.begin(1, points: PointList(repeatElement(5, count: 514))), in: &h)
        expectInvalid(.begin(1, points: [1600, 0]), in: &h)
        expectInvalid(.begin(1, points: [0, 1200]), in: &h)
        expectInvalid(.begin(1, points: [-1, 5]), in: &h)
        expectInvalid(.begin(1, points: [5, -1]), in: &h)
        // The extremes are fine.
        let a = h.members[0]
        #expect(h.draw(.begin(1, width: 1, points: PointList(repeatElement(0, count: 512))), from: a).errors(to: a).isEmpty)
        #expect(h.draw(.begin(2, width: 64, points: [1599, 1199]), from: a).errors(to: a).isEmpty)
    }

    @Test func strokeIdsMustIncreaseWithinADrawing() throws {
        var h = try drawingRoom()
        let a = h.members[0]
        #expect(h.draw(.begin(5), from: a).errors(to: a).isEmpty)
        expectInvalid(.begin(5), in: &h)
        expectInvalid(.begin(4), in: &h)
        #expect(h.draw(.begin(9), from: a).errors(to: a).isEmpty)
        // Undo does not make an old id reusable.
        h.draw(.undo, from: a)
        expectInvalid(.begin(9), in: &h)
    }

    @Test func pointsAndEndOnlyForTheOpenStroke() throws {
        var h = try drawingRoom()
        let a = h.members[0]
        expectInvalid(.strokePoints(strokeId: 1, points: [1, 1]), in: &h)
        expectInvalid(.strokeEnd(strokeId: 1), in: &h)
        h.draw(.begin(1), from: a)
        expectInvalid(.strokePoints(strokeId: 2, points: [1, 1]), in: &h)
        expectInvalid(.strokePoints(strokeId: 1, points: [1]), in: &h)
        expectInvalid(.strokePoints(strokeId: 1, points: [1, 1200]), in: &h)
        #expect(h.draw(.strokePoints(strokeId: 1, points: [30, 30]), from: a).broadcastEvents.count == 1)
        // A new strokeBegin ends the open stroke.
        h.draw(.begin(2), from: a)
        expectInvalid(.strokePoints(strokeId: 1, points: [1, 1]), in: &h)
        #expect(h.draw(.strokeEnd(strokeId: 2), from: a).broadcastEvents == [.drawing(.strokeEnd(strokeId: 2), playerId: a)])
        expectInvalid(.strokePoints(strokeId: 2, points: [1, 1]), in: &h)
        expectInvalid(.strokeEnd(strokeId: 2), in: &h)
    }

    @Test func fillChecks() throws {
        var h = try drawingRoom()
        expectInvalid(.fill(FillAction(x: 1600, y: 0, color: "#000000")), in: &h)
        expectInvalid(.fill(FillAction(x: 0, y: 1200, color: "#000000")), in: &h)
        expectInvalid(.fill(FillAction(x: -1, y: 0, color: "#000000")), in: &h)
        expectInvalid(.fill(FillAction(x: 0, y: 0, color: "black")), in: &h)
    }

    @Test func undoWithNothingToUndoIsIgnored() throws {
        var h = try drawingRoom()
        let a = h.members[0]
        let seq = h.machine.seq
        #expect(h.draw(.undo, from: a).isEmpty)
        #expect(h.machine.seq == seq)
        h.draw(.begin(1), from: a)
        #expect(h.draw(.undo, from: a).broadcastEvents == [.drawing(.undo, playerId: a)])
        #expect(h.draw(.undo, from: a).isEmpty)
        // After a clear there is nothing visible to undo either.
        h.draw(.begin(2), from: a)
        h.draw(.clear, from: a)
        #expect(h.draw(.undo, from: a).isEmpty)
    }

    @Test func snapshotStrokesReflectPointsUndoAndClear() throws {
        var h = try drawingRoom()
        let (a, b) = (h.members[0], h.members[1])
        h.draw(.begin(1, color: "#AAAAAA", points: [1, 1]), from: a)
        h.draw(.strokePoints(strokeId: 1, points: [2, 2, 3, 3]), from: a)
        h.draw(.strokeEnd(strokeId: 1), from: a)
        h.draw(.fill(FillAction(x: 5, y: 6, color: "#BBBBBB")), from: a)
        h.draw(.begin(2, tool: .eraser, points: [9, 9]), from: a)
        let stroke1 = CanvasItem.stroke(StrokeBegin(strokeId: 1, tool: .pen, color: "#aaaaaa", width: 8, points: [1, 1, 2, 2, 3, 3]))
        let fill = CanvasItem.fill(FillAction(x: 5, y: 6, color: "#bbbbbb"))
        let eraser = CanvasItem.stroke(StrokeBegin(strokeId: 2, tool: .eraser, color: nil, width: 8, points: [9, 9]))
        #expect(h.machine.snapshot(for: b).strokes == [stroke1, fill, eraser])
        h.draw(.undo, from: a)
        #expect(h.machine.snapshot(for: b).strokes == [stroke1, fill])
        h.draw(.undo, from: a)
        #expect(h.machine.snapshot(for: b).strokes == [stroke1])
        h.draw(.fill(FillAction(x: 7, y: 7, color: "#cccccc")), from: a)
        h.draw(.clear, from: a)
        #expect(h.machine.snapshot(for: b).strokes == [])
        h.draw(.begin(3), from: a)
        #expect(h.machine.snapshot(for: b).strokes.count == 1)
        // Strokes are still visible during the reveal pause, and a new turn starts blank.
        h.advance(by: 80_000)
        #expect(h.machine.snapshot(for: b).strokes.count == 1)
        h.advance(by: 5_000)
        #expect(h.machine.snapshot(for: b).strokes == [])
    }

    @Test func storedDrawingKeepsTheWholeRecordInArrivalOrder() throws {
        var h = try drawingRoom()
        let a = h.members[0]
        let actions: [DrawingAction] = [
            .begin(1, points: [1, 1]), .strokePoints(strokeId: 1, points: [2, 2]), .strokeEnd(strokeId: 1),
            .fill(FillAction(x: 3, y: 3, color: "#010203")), .undo, .clear,
        ]
        for action in actions { h.draw(action, from: a) }
        h.draw(.begin(0), from: a)  // refused: not recorded
        let saved = h.advance(by: 80_000).compactMap { effect -> FinishedDrawing? in
            if case .saveDrawing(let drawing) = effect { return drawing }
            return nil
        }
        #expect(saved.count == 1)
        #expect(saved.first?.actions == actions)
        #expect(saved.first?.drawerId == a)
    }

    @Test func itemLimitCountsUndoneItemsThroughTheRoom() throws {
        var rules = try Fixtures.rules()
        rules.limits.maxItemsPerDrawing = 3
        var h = try drawingRoom(rules: rules)
        let a = h.members[0]
        h.draw(.begin(1), from: a)
        h.draw(.fill(FillAction(x: 1, y: 1, color: "#000000")), from: a)
        h.draw(.begin(2), from: a)
        expectInvalid(.fill(FillAction(x: 1, y: 1, color: "#000000")), in: &h)
        h.draw(.undo, from: a)
        h.draw(.clear, from: a)
        expectInvalid(.begin(3), in: &h)
    }

    @Test func boardAllowsExactly2000ItemsAnd100000Points() throws {
        let limits = try Fixtures.rules().limits
        var board = DrawingBoard(limits: limits)
        for n in 0..<2_000 {
            guard case .success = board.apply(.fill(FillAction(x: n % 1600, y: 0, color: "#000000"))) else {
                Issue.record("item \(n + 1) refused")
                return
            }
        }
        guard case .failure(let error) = board.apply(.fill(FillAction(x: 0, y: 0, color: "#000000"))) else {
            Issue.record("item 2001 accepted")
            return
        }
        #expect(error.code == .invalidStroke)

        var points = DrawingBoard(limits: limits)
        let full = PointList(repeatElement(1, count: 512))
        #expect(throws: Never.self) { try points.apply(.begin(1, points: full)).get() }
        for _ in 1..<390 {
            #expect(throws: Never.self) { try points.apply(.strokePoints(strokeId: 1, points: full)).get() }
        }
        // 390 × 256 = 99,840 points so far; 160 more reach exactly 100,000.
        #expect(throws: Never.self) { try points.apply(.strokePoints(strokeId: 1, points: PointList(repeatElement(1, count: 320)))).get() }
        #expect(throws: ProtocolError.self) { try points.apply(.strokePoints(strokeId: 1, points: [1, 1])).get() }
        #expect(throws: ProtocolError.self) { try points.apply(.begin(2, points: [1, 1])).get() }
        // Fills carry no points and still fit.
        #expect(throws: Never.self) { try points.apply(.fill(FillAction(x: 0, y: 0, color: "#000000"))).get() }
    }

    @Test func colourNormalisation() {
        #expect(RGBColor(hex: "#1A2b3C")?.hex == "#1a2b3c")
        #expect(RGBColor(hex: "#000000")?.hex == "#000000")
        #expect(RGBColor(hex: "#ffffff")?.hex == "#ffffff")
        #expect(RGBColor(hex: "#fffffg") == nil)
        #expect(RGBColor(hex: "#ＡＡＡＡＡＡ") == nil)
    }
}

@Suite struct DrawingVolumeTests {
    @Test func aDrawingAtTheLimitsGoesThroughTheRoom() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let a = h.members[0]
        h.startGame()
        try h.chooseFirst()
        let full = PointList(repeatElement(3, count: 512))
        #expect(h.draw(.begin(1, points: full), from: a).errors(to: a).isEmpty)
        for _ in 1..<390 { h.draw(.strokePoints(strokeId: 1, points: full), from: a) }
        #expect(h.draw(.strokePoints(strokeId: 1, points: PointList(repeatElement(3, count: 320))), from: a).errors(to: a).isEmpty)
        #expect(h.draw(.strokePoints(strokeId: 1, points: [3, 3]), from: a).errors(to: a) == [.invalidStroke])
        for n in 1..<2_000 { h.draw(.fill(FillAction(x: n % 1600, y: 1, color: "#000000")), from: a) }
        #expect(h.draw(.fill(FillAction(x: 0, y: 0, color: "#000000")), from: a).errors(to: a) == [.invalidStroke])
        let snapshot = h.machine.snapshot(for: h.members[1])
        #expect(snapshot.strokes.count == 2_000)
        guard case .stroke(let stroke)? = snapshot.strokes.first else {
            Issue.record("first item is not the stroke")
            return
        }
        #expect(stroke.points.count == 200_000)
    }
}
