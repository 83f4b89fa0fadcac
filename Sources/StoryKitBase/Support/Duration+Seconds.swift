extension Duration {
    /// The duration in seconds, as transports hand a time-out to their HTTP clients.
    package var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
