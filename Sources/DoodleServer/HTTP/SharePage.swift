import DoodleStorage

/// The HTML of `GET /d/{id}` (PROTOCOL.md rev 4, "share pages"): a party drawing for anyone with
/// the link. What a link preview reads is in the head, as Open Graph and Twitter card tags with
/// absolute URLs: the title, a description and the 512 px PNG. The word is nowhere in the page:
/// the page's script (`Web/share.js`) replays the drawing from `GET /v1/drawings/{id}` and puts
/// the word on screen only when the visitor asks for it.
struct SharePage {
    let id: String
    let drawerName: String
    let guessed: Int
    let address: PublicAddress

    init(_ drawing: DrawingSummary, address: PublicAddress) {
        id = drawing.id
        drawerName = drawing.drawer.name ?? PlayerReference.deletedName
        guessed = drawing.guesserCount
        self.address = address
    }

    var pageURL: String { "\(address.base)/d/\(id)" }
    var imageURL: String { "\(address.base)/v1/drawings/\(id).png?size=512" }
    var title: String { "Can you guess what \(drawerName) drew?" }

    var description: String {
        let players = guessed == 1 ? "1 player" : "\(guessed) players"
        return "A drawing from a game of Doodle, guessed by \(players). Watch it drawn, guess, then show the word."
    }

    var html: String {
        let (title, description, name) = (Self.escaped(title), Self.escaped(description), Self.escaped(drawerName))
        let (page, image, id) = (Self.escaped(pageURL), Self.escaped(imageURL), Self.escaped(id))
        let alt = "A drawing by \(name); the word is not given"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · Doodle</title>
            <meta name="description" content="\(description)">
            <meta property="og:site_name" content="Doodle">
            <meta property="og:type" content="website">
            <meta property="og:url" content="\(page)">
            <meta property="og:title" content="\(title)">
            <meta property="og:description" content="\(description)">
            <meta property="og:image" content="\(image)">
            <meta property="og:image:type" content="image/png">
            <meta property="og:image:width" content="512">
            <meta property="og:image:height" content="512">
            <meta property="og:image:alt" content="\(alt)">
            <meta name="twitter:card" content="summary_large_image">
            <meta name="twitter:title" content="\(title)">
            <meta name="twitter:description" content="\(description)">
            <meta name="twitter:image" content="\(image)">
            <link rel="canonical" href="\(page)">
            <link rel="icon" href="/favicon.ico">
            <link rel="stylesheet" href="/web/style.css">
            </head>
            <body class="share" data-drawing-id="\(id)">
            <main class="share-page">
              <h1>Can you guess it?</h1>
              <p>Drawn by <b>\(name)</b> in a game of Doodle.</p>
              <div class="board-box"><canvas id="share-canvas" class="paper" width="800" height="600" role="img" aria-label="The drawing, replayed stroke by stroke"></canvas></div>
              <noscript><img src="\(image)" alt="\(alt)" width="512" height="512"></noscript>
              <p class="row">
                <button id="share-replay" type="button">Replay</button>
                <button id="share-show" type="button" class="primary">Show the word</button>
              </p>
              <p id="share-word" class="share-word" role="status" hidden></p>
              <p><a href="/">Play Doodle</a></p>
            </main>
            <script type="module" src="/web/share.js"></script>
            </body>
            </html>

            """
    }

    /// Text as HTML text or a quoted attribute value: a player's name may hold any character.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The page for an id that names no party drawing (unknown, deleted, or a pair's).
    static let notFoundHTML = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>No such drawing · Doodle</title><link rel="stylesheet" href="/web/style.css"></head>
        <body class="share"><main class="share-page"><h1>This drawing is not here</h1>
        <p>The link may be mistyped, or the drawing was removed.</p><p><a href="/">Play Doodle</a></p></main></body>
        </html>

        """
}
