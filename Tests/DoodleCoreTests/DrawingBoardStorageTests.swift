import Testing

@testable import DoodleCore

/// How `DrawingBoard` holds a drawing: the record and the canvas it gives back are exactly what
/// was accepted, and a full canvas fits the memory docs/performance.md promises.
@Suite struct DrawingBoardStorageTests {
    private func board() throws -> DrawingBoard {
        DrawingBoard(limits: try Fixtures.rules().limits)
    }

    /// Applies every action, expecting each accepted; returns what the board relayed.
    private func applyAll(_ actions: [DrawingAction], to board: inout DrawingBoard, sourceLocation: SourceLocation = #_sourceLocation) -> [DrawingAction] {
        actions.compactMap { action in
            switch board.apply(action) {
            case .success(let relayed): return relayed
            case .failure(let error):
                Issue.record("\(action.typeName) refused: \(error.message)", sourceLocation: sourceLocation)
                return nil
            }
        }
    }

    @Test func recordAndCanvasGiveBackWhatWasAccepted() throws {
        var board = try board()
        let relayed = applyAll(
            [
                .begin(1, color: "#AABBCC", width: 3, points: [0, 0, 1599, 1199]), .strokePoints(strokeId: 1, points: [5, 6]),
                .strokeEnd(strokeId: 1), .fill(FillAction(x: 7, y: 8, color: "#00FF00")),
                .begin(2, color: "#123456", width: 9, tool: .eraser, points: [10, 11]), .strokePoints(strokeId: 2, points: [12, 13, 14, 15]),
                .begin(4, color: "#000000", width: 1, points: [20, 21]), .undo, .begin(5, points: [30, 31]),
                .strokePoints(strokeId: 5, points: [32, 33]),
            ], to: &board)
        #expect(relayed.count == 10)
        #expect(board.record == relayed)
        #expect(
            board.record.first == .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#aabbcc", width: 3, points: [0, 0, 1599, 1199])))
        #expect(
            board.visible == [
                .stroke(StrokeBegin(strokeId: 1, tool: .pen, color: "#aabbcc", width: 3, points: [0, 0, 1599, 1199, 5, 6])),
                .fill(FillAction(x: 7, y: 8, color: "#00ff00")),
                .stroke(StrokeBegin(strokeId: 2, tool: .eraser, color: nil, width: 9, points: [10, 11, 12, 13, 14, 15])),
                .stroke(StrokeBegin(strokeId: 5, tool: .pen, color: "#112233", width: 8, points: [30, 31, 32, 33])),
            ])
        _ = applyAll([.clear, .begin(6, points: [40, 41])], to: &board)
        #expect(board.visible == [.stroke(StrokeBegin(strokeId: 6, tool: .pen, color: "#112233", width: 8, points: [40, 41]))])
        #expect(board.record.count == 12 && board.record.last == .begin(6, points: [40, 41]))
    }

    @Test func anUndoneOpenStrokeTakesNoMorePoints() throws {
        var board = try board()
        _ = applyAll([.begin(1, points: [1, 1]), .undo], to: &board)
        guard case .failure(let error) = board.apply(.strokePoints(strokeId: 1, points: [2, 2])) else {
            Issue.record("points for an undone stroke were accepted")
            return
        }
        #expect(error.code == .invalidStroke)
        #expect(board.visible.isEmpty && board.record.count == 2)
    }

    @Test func clearingAnEmptyCanvasRecordsNothing() throws {
        var board = try board()
        for _ in 0..<1_000 { #expect(board.apply(.clear) == .success(nil)) }
        #expect(board.record.isEmpty, "a client repeating clear cannot grow the record")
        _ = applyAll([.begin(1, points: [1, 1]), .clear, .clear], to: &board)
        #expect(board.record == [.begin(1, points: [1, 1]), .clear])
    }

    @Test func canvasesCutFromTheBoardSurviveItsLaterChanges() throws {
        var board = try board()
        _ = applyAll([.begin(1, points: [1, 2])], to: &board)
        let before = board.visible
        _ = applyAll([.strokePoints(strokeId: 1, points: [3, 4]), .clear], to: &board)
        #expect(before == [.stroke(StrokeBegin(strokeId: 1, tool: .pen, color: "#112233", width: 8, points: [1, 2]))])
    }

    /// 4 bytes a point plus a few per message: a full canvas in the drawing load's 8-point
    /// messages stays within its share of a room's 600 KB, a typical drawing within 60 KB.
    @Test(arguments: [(100_000, 560_000), (5_000, 48_000)])
    func aDrawingHoldsAboutFourBytesAPoint(points: Int, maxBytes: Int) throws {
        var board = try board()
        var drawn = 0
        var strokeId = 0
        while drawn < points {
            strokeId += 1
            for batch in 0..<19 where drawn < points {
                let numbers = PointList((drawn..<(drawn + 8)).flatMap { [($0 * 37) % 1600, ($0 * 53) % 1200] })
                drawn += 8
                let action: DrawingAction = batch == 0 ? .begin(strokeId, points: numbers) : .strokePoints(strokeId: strokeId, points: numbers)
                guard case .success = board.apply(action) else {
                    Issue.record("refused at \(drawn) points")
                    return
                }
            }
            _ = board.apply(.strokeEnd(strokeId: strokeId))
        }
        #expect(board.heldBytes >= 4 * points)
        #expect(board.heldBytes <= maxBytes, "\(board.heldBytes) bytes for \(points) points")
    }
}
