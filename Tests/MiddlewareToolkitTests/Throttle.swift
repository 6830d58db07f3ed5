import Courier

/// At most `limit` requests in flight, the others waiting in arrival order: a user's throttle, written
/// with Courier's public API only. A slot is held until the response is over — its body read to the end,
/// failed or dropped (`ResponseBody.onFinish`) — not only until its head arrived.
struct Throttle: Middleware {
    let slots: SlotQueue

    init(limit: Int) {
        slots = SlotQueue(limit: limit)
    }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        do {
            try await slots.acquire()
        } catch {
            throw NetworkError(.cancelled, request: request)
                .adding(note: "It was waiting for one of \(slots.limit) throttle slots.")
        }
        var response: ClientResponse
        do {
            response = try await next(request)
        } catch {
            slots.release()
            throw error
        }
        response.body = response.body.onFinish { [slots] in slots.release() }
        return response
    }
}
