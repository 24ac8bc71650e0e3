"""The table server's endpoints, one ``APIRouter`` per concern: the lobby (games, creating and
listing tables, health), one table's lobby calls (seats), the browser's pages, and the table's
WebSocket. They translate HTTP and WebSocket to the service (``aerodeck.web.service``) and back."""
