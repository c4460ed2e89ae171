import Synchronization

extension Atomic where Value == UInt64 {
    /// Raises the stored value to `value` if it is larger: the worst of what several readings saw.
    func raise(to value: UInt64) {
        var stored = load(ordering: .relaxed)
        while value > stored {
            let (exchanged, original) = compareExchange(expected: stored, desired: value, ordering: .relaxed)
            if exchanged { return }
            stored = original
        }
    }
}
