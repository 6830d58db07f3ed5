"""The FastAPI app behind the PetShop end-to-end tests.

`app.openapi()` reproduces `fastapi-petshop-3.1.json` of the shared corpus (FastAPI 0.165.0, pydantic 2) plus the
todo routes described below: the other models and routes are that document's, nothing more. The store is in memory
and starts empty on every start. Where the schema allows, a response echoes what the client sent, so a test can see that a header or a
cookie arrived: `createPet` puts the `x-request-id` header in `tag`, `getPet` puts the `session` cookie in `tag`,
`login` answers with the form fields, `upload` with the file's name, size and bytes and the note.

Beyond the corpus document, two routes drift from what the document says, as real servers do (issue 25): `createTodo`
is documented with 200 (FastAPI's default) but answers 201, and for an empty title answers a 422 whose body is not the
documented `HTTPValidationError`; `updateTodo` echoes exactly the fields a PATCH sent (`null` for a field sent as
`null`, nothing for one left out), so a client's tri-state `Nullable` can be checked on the wire and back.

Run: `uvicorn petshop_app:app --port P` from this directory (scripts/openapi-e2e/start.sh does).
"""

from enum import Enum
from typing import Annotated, Literal, Optional, Union

from fastapi import Cookie, FastAPI, Form, Header, HTTPException, Query, UploadFile
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

app = FastAPI(title="PetShop", version="1.0.0")


class Species(str, Enum):
    dog = "dog"
    cat = "cat"
    bird = "bird"


class Cat(BaseModel):
    kind: Literal["cat"] = "cat"
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog"] = "dog"
    good_boy: bool = True


class PetIn(BaseModel):
    name: str
    species: Species
    # A factory, not `= None`: the corpus document has no `"default": null` here (pydantic writes one for `= None`).
    tag: Optional[str] = Field(default_factory=lambda: None)
    details: Annotated[Union[Cat, Dog], Field(discriminator="kind")]
    extra: dict[str, int] = {}


class Pet(PetIn):
    id: int


pets: dict[int, Pet] = {}


# Stores the pet under the next ID; `tag` is the `x-request-id` header when one is sent.
@app.post("/pets", operation_id="createPet", status_code=201, response_model=Pet)
def create_pet(pet: PetIn, x_request_id: Annotated[Optional[str], Header()] = None) -> Pet:
    stored = Pet(id=len(pets) + 1, **pet.model_dump())
    if x_request_id is not None:
        stored.tag = x_request_id
    pets[stored.id] = stored
    return stored


# The stored pets in ID order, of one species when asked, at most `limit`.
@app.get("/pets", operation_id="listPets", response_model=list[Pet])
def list_pets(
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
    species: Optional[Species] = None,
) -> list[Pet]:
    found = [pet for pet in pets.values() if species is None or pet.species == species]
    return found[:limit]


# The stored pet, or 404; `tag` is the `session` cookie when one is sent (not stored).
@app.get("/pets/{pet_id}", operation_id="getPet", response_model=Pet, responses={404: {"description": "not found"}})
def get_pet(pet_id: int, session: Annotated[Optional[str], Cookie()] = None) -> Pet:
    if pet_id not in pets:
        raise HTTPException(status_code=404, detail="not found")
    pet = pets[pet_id].model_copy()
    if session is not None:
        pet.tag = session
    return pet


# Echoes the form fields and a token made from them.
@app.post("/login", operation_id="login", response_model=dict[str, str])
def login(username: Annotated[str, Form()], password: Annotated[str, Form()]) -> dict[str, str]:
    return {"username": username, "password": password, "token": f"token-{username}"}


# Echoes the file part's name, size, content type and text, and the note.
@app.post("/upload", operation_id="upload", response_model=dict[str, Union[int, str]])
async def upload(file: UploadFile, note: Annotated[str, Form()] = "") -> dict[str, Union[int, str]]:
    data = await file.read()
    return {
        "filename": file.filename or "",
        "size": len(data),
        "content_type": file.content_type or "",
        "text": data.decode("utf-8", errors="replace"),
        "note": note,
    }


class TodoIn(BaseModel):
    title: str
    assignee: Optional[str] = None


class Todo(TodoIn):
    id: int


class TodoUpdate(BaseModel):
    title: Optional[str] = None
    assignee: Optional[str] = None


# Documented as 200, answers 201 (the drift a generated client must tolerate or report); an empty title gets a 422
# whose body is not the documented HTTPValidationError.
@app.post("/todos", operation_id="createTodo", response_model=Todo)
def create_todo(todo: TodoIn) -> JSONResponse:
    if not todo.title:
        return JSONResponse(status_code=422, content={"error": "title must not be empty", "field": "title"})
    return JSONResponse(status_code=201, content={"id": 1, **todo.model_dump()})


# Echoes the fields the PATCH body set, and only those: a field sent as null comes back null, a missing one stays missing.
@app.patch("/todos/{todo_id}", operation_id="updateTodo", response_model=TodoUpdate, response_model_exclude_unset=True)
def update_todo(todo_id: int, update: TodoUpdate) -> TodoUpdate:
    return update
